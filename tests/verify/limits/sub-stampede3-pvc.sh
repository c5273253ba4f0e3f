#!/bin/bash
# cluster: stampede3
# The Intel GPU queue's Max Submit (4), asked with the short option.
# expect: array-exceeds-submit-limit warning -a 1-5
# message: array-exceeds-submit-limit -a 1-5: 5 tasks.*'pvc' queue on stampede3, 4 jobs
#SBATCH -J sweep
#SBATCH -p pvc
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 01:00:00
#SBATCH -A TG-CIS230001
#SBATCH -a 1-5
python3 eval.py --shard "$SLURM_ARRAY_TASK_ID"
