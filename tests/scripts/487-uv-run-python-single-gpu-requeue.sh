#!/bin/bash
# family: one GPU, uv run python with a checkpoint resume, requeued on preemption
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=1
#SBATCH --cpus-per-task=8
#SBATCH --time=04:00:00
#SBATCH --requeue
export UV_OFFLINE=1
uv run python train.py --resume auto --epochs 50
