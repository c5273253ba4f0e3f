#!/bin/bash
# family: torchrun with --rdzv-conf and --max-restarts, c10d on the first node
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export HEAD
srun torchrun --nnodes=2 --nproc-per-node=4 --rdzv-backend=c10d --rdzv-endpoint="$HEAD:29400" --rdzv-conf=timeout=900 --max-restarts=3 train.py --epochs 1
