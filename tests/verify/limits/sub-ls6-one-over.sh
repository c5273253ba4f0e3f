#!/bin/bash
# cluster: lonestar6
# One task past the Max Submit of gpu-a100 (33 of 32).
# expect: array-exceeds-submit-limit warning --array=0-32
# message: array-exceeds-submit-limit 33 tasks.*'gpu-a100' queue on lonestar6, 32 jobs
#SBATCH -J sweep
#SBATCH -p gpu-a100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 02:00:00
#SBATCH -A ASC23001
#SBATCH --array=0-32
python3 eval.py --shard "$SLURM_ARRAY_TASK_ID"
