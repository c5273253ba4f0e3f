#!/bin/bash
# cluster: vista
# No queue named: the array goes where Vista's scheduler puts such a job (gh-dev, its default, Max Submit 3),
# not to the gh queue maple writes; a throttle (%4) does not lower the count on Slurm - every pending task is
# a submitted job.
# expect: array-exceeds-submit-limit warning --array=1-50%4
# message: array-exceeds-submit-limit 50 tasks, each one job against the limit of the 'gh-dev' queue on vista \(the scheduler's default: the script names no queue\), 3 jobs
#SBATCH -J sweep
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 01:00:00
#SBATCH -A CCR24001
#SBATCH --array=1-50%4
python3 eval.py --shard "$SLURM_ARRAY_TASK_ID"
