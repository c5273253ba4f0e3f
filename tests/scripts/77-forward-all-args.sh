#!/bin/bash
# family: variables - the job's own arguments forwarded with "$@" (sbatch job.sh --lr 0.1)
#SBATCH -N 1
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH -p GPU
#SBATCH -A tra220012p
#SBATCH -t 00:30:00
srun python train.py "$@"
