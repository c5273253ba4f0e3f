#!/bin/bash
# cluster: frontier
# 100 tasks: at the limit of 100 queued jobs per user, not past it.
# absent: array-exceeds-submit-limit,array-too-large
#SBATCH -A CSC123
#SBATCH -J sweep
#SBATCH -t 00:30:00
#SBATCH -p batch
#SBATCH -N 1
#SBATCH --array=1-100
srun -N 1 -n 1 python3 eval.py --shard "$SLURM_ARRAY_TASK_ID"
