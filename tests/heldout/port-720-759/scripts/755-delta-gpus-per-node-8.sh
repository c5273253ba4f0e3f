#!/bin/bash
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=64
#SBATCH --gpus-per-node=8
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=06:00:00

module reset
module load anaconda3_gpu
export NCCL_SOCKET_IFNAME=hsn
head_node=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)

srun torchrun --nnodes=2 --nproc_per_node=8 --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=$head_node:29400 train.py --epochs 3
