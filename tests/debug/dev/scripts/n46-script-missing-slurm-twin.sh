#!/bin/bash
#SBATCH -N 1
#SBATCH --gpus=1
#SBATCH --chdir=/home/u
srun python train.py
