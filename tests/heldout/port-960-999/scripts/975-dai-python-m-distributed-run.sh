#!/bin/bash
#SBATCH --job-name=dai-pretrain
#SBATCH --account=bdhk-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=288
#SBATCH --mem=0
#SBATCH --time=12:00:00

module reset
module load python/miniforge3_pytorch/2.7.0
export NCCL_SOCKET_IFNAME=hsn
export OMP_NUM_THREADS=16
head_node=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)

srun python -m torch.distributed.run \
    --nnodes=$SLURM_NNODES --nproc_per_node=4 \
    --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=${head_node}:29400 \
    pretrain.py --config cfg/350m.yaml --compile
