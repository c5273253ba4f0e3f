#!/bin/bash
#SBATCH --job-name=pl-ddp
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-task=1
#SBATCH --cpus-per-task=6
#SBATCH --time=08:00:00
source .venv/bin/activate
srun python train.py --devices 8
