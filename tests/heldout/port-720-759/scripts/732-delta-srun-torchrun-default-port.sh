#!/bin/bash
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=64
#SBATCH --gpus-per-node=4
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --constraint="scratch"
#SBATCH --time=08:00:00
#SBATCH --job-name=seg-ddp

module reset
module load anaconda3_gpu
source activate /projects/bbka/envs/torch
export NCCL_SOCKET_IFNAME=hsn

head_node=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
RDZV_PORT=${RDZV_PORT:-29400}

srun torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint="$head_node:$RDZV_PORT" train.py --epochs 3 --batch_size 128
