#!/bin/bash
# cluster: frontier
# The debug QOS (in the batch partition) takes one job per user in any state; OLCF rejects more: an array
# of two tasks is held to the QOS, not to the batch partition's 100.
# expect: array-exceeds-submit-limit error --array=0-1
# message: array-exceeds-submit-limit 2 tasks.*'debug' QOS on frontier, 1 job.*OLCF rejects
#SBATCH -A CSC123
#SBATCH -J sweep
#SBATCH -t 00:30:00
#SBATCH -p batch
#SBATCH -q debug
#SBATCH -N 1
#SBATCH --array=0-1
srun -N 1 -n 1 python3 eval.py --shard "$SLURM_ARRAY_TASK_ID"
