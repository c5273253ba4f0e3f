#!/bin/bash
# family: wrappers - a site wrapper script that itself starts several processes per node
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -A m6262_g
#SBATCH -C gpu
#SBATCH -q debug
#SBATCH -t 00:30:00
srun ./accelerate.sh train.py --epochs 2
