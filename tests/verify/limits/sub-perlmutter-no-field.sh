#!/bin/bash
# cluster: perlmutter
# Perlmutter's QOS submit limits are in no readable copy of NERSC's table: no limit is claimed.
# absent: array-exceeds-submit-limit
#SBATCH -A m4242_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 00:30:00
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH --array=0-999
srun python3 eval.py --shard "$SLURM_ARRAY_TASK_ID"
