#!/bin/bash
#SBATCH -A abc123
#SBATCH -N 1
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH -t 01:00:00
module load rocm
source venv/bin/activate
srun python train.py
