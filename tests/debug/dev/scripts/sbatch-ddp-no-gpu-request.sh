#!/bin/bash
#SBATCH --job-name=ddp
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
srun python train.py --backend nccl
