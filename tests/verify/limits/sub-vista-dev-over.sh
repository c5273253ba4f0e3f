#!/bin/bash
# cluster: vista
# A Slurm array on a TACC queue whose Max Submit is 3: ten tasks are ten jobs (a warning: TACC's table gives
# the number, not what happens past it).
# expect: array-exceeds-submit-limit warning --array=0-9
# message: array-exceeds-submit-limit --array 0-9: 10 tasks, each one job against the limit of the 'gh-dev' queue on vista, 3 jobs queued and running at once per user.*docs.tacc.utexas.edu/hpc/vista/#queues.*TACC does not say what happens past it
# absent: array-too-large
#SBATCH -J sweep
#SBATCH -p gh-dev
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 00:30:00
#SBATCH -A CCR24001
#SBATCH --array=0-9
python3 eval.py --shard "$SLURM_ARRAY_TASK_ID"
