#!/bin/bash
# family: wrappers - a lab's own binding script in front of torchrun: reported, not the program
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH -p batch
#SBATCH -A CSC777
#SBATCH -t 00:30:00
srun ./bind_numa.sh torchrun --standalone --nproc_per_node 8 finetune.py --epochs 1
