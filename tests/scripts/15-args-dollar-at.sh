#!/bin/bash
# family: variables - forwarded arguments (sbatch run.sh --lr 1e-3) through args="$@"
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
#SBATCH -p gpu
#SBATCH -A abc123-gpu
args="$@"
srun python train.py $args
