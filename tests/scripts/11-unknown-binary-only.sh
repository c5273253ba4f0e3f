#!/bin/bash
# family: wrappers - an unknown leading word with no Python after it is the program (a binary)
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 00:20:00
#SBATCH -A m5555_g
#SBATCH -C gpu
#SBATCH -q debug
srun --cpu-bind=cores ./lulesh2.0 -s 100 -i 200
