#!/bin/bash
# cluster: lonestar6
# Exactly the Max Submit of gpu-a100 (32, written as steps and a list): no finding.
# absent: array-exceeds-submit-limit,array-too-large
# no-errors
#SBATCH -J sweep
#SBATCH -p gpu-a100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 02:00:00
#SBATCH -A ASC23001
#SBATCH --array=0-58:2,100,101
python3 eval.py --shard "$SLURM_ARRAY_TASK_ID"
