#!/bin/bash
#SBATCH --job-name=ddp
#SBATCH --nodes=2
#SBATCH --gpus-per-task=1
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00

srun python train.py
