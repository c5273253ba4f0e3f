#!/bin/bash
# cluster: frontier
# OLCF: at most 100 jobs queued per user over all partitions, "additional jobs will be rejected at submit
# time": 200 tasks are refused, throttle or not (an error).
# expect: array-exceeds-submit-limit error --array=0-199%5
# message: array-exceeds-submit-limit 200 tasks, each one job against the limit of the 'batch' queue on frontier, 100 jobs.*OLCF rejects submissions past it \[https://docs.olcf.ornl.gov/systems/frontier_user_guide.html#batch-partition-queue-policy\]
#SBATCH -A CSC123
#SBATCH -J sweep
#SBATCH -t 00:30:00
#SBATCH -p batch
#SBATCH -N 1
#SBATCH --array=0-199%5
srun -N 1 -n 1 python3 eval.py --shard "$SLURM_ARRAY_TASK_ID"
