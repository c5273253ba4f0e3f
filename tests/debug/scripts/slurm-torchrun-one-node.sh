#!/bin/bash
#SBATCH --job-name=ddp
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=04:00:00

module load pytorch
torchrun --nproc_per_node=4 train.py --epochs 10
