#!/bin/bash
# cluster: frontier
# absent: array-too-large
#SBATCH -A abc123
#SBATCH -N 1
#SBATCH -t 00:30:00
#SBATCH -p batch
#SBATCH --gpus-per-node=8
#SBATCH --ntasks-per-node=8
#SBATCH --array=0-1000:10,2,5
srun python sweep.py --trial $SLURM_ARRAY_TASK_ID
