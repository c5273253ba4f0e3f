#!/bin/bash
# shape: single-node and multi-node branches on $SLURM_NNODES; the same program in both
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=04:00:00

module load anaconda3_gpu
if [[ $SLURM_NNODES -gt 1 ]]; then
    head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
    srun torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 --rdzv_backend=c10d \
        --rdzv_endpoint=$head:29500 train_seg.py --epochs 50
else
    torchrun --standalone --nproc_per_node=4 train_seg.py --epochs 50
fi
