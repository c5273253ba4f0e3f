#!/bin/bash
# family: an elastic node range (--nnodes=1:2) on one node with a localhost c10d endpoint, no srun
#SBATCH --time=00:30:00
#SBATCH --job-name=vit-clouds
#SBATCH --output=%x_%A.out
#SBATCH --partition=gpu
#SBATCH --gres=gpu:4
torchrun --nnodes=1:2 --nproc_per_node=4 --rdzv_id=100 --rdzv_backend=c10d --rdzv_endpoint=localhost:6000 torchrun_vit.py --patch 16
