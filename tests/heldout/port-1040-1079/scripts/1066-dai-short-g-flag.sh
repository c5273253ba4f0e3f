#!/bin/bash
#SBATCH -J olmo-1b
#SBATCH -A bfkx-dtai-gh
#SBATCH -p ghx4
#SBATCH -N 2
#SBATCH -G 8
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=288
#SBATCH --exclusive
#SBATCH --mem=0
#SBATCH -t 12:00:00
#SBATCH -o olmo-%j.out

module reset
module load python/miniforge3_pytorch/2.10.0
source /projects/bfkx/venvs/olmo/bin/activate
export NCCL_SOCKET_IFNAME=hsn

RDZV=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1):29400

srun torchrun --nnodes=$SLURM_JOB_NUM_NODES --nproc_per_node=4 \
    --rdzv_backend=c10d --rdzv_endpoint=$RDZV --rdzv_id=$SLURM_JOB_ID \
    pretrain_olmo.py --config configs/olmo_1b.yaml --save_folder /work/nvme/bfkx/olmo-ckpt
