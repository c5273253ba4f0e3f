#!/bin/bash
#SBATCH --job-name=elastic-gh
#SBATCH --account=bfgt-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2-4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=10:00:00

# takes whatever 2..4 nodes the scheduler hands out first; the script checkpoints and resumes
module reset
module load python/miniforge3_pytorch/2.10.0
export NCCL_SOCKET_IFNAME=hsn

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
echo "got $SLURM_JOB_NUM_NODES nodes"

srun torchrun --nnodes=$SLURM_JOB_NUM_NODES --nproc_per_node=4 \
     --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29400 \
     train_elastic.py --ckpt-dir /work/nvme/bfgt/ckpt --max-epochs 60
