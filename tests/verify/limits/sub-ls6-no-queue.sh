#!/bin/bash
# cluster: lonestar6
# No -p, and TACC names no default queue in words for Lonestar6: the array is held to the queue maple writes
# (gpu-a100, Max Submit 32), and the message says so; the missing -p is its own finding.
# expect: array-exceeds-submit-limit warning --array=0-40
# message: array-exceeds-submit-limit 41 tasks, each one job against the limit of the 'gpu-a100' queue on lonestar6 \(the script names no queue: held to the one maple writes\), 32 jobs
#SBATCH -J sweep
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 02:00:00
#SBATCH -A ASC23001
#SBATCH --array=0-40
python3 eval.py --shard "$SLURM_ARRAY_TASK_ID"
