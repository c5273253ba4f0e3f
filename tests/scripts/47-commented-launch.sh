#!/bin/bash
# family: launcher details - commented-out launch lines are not launch lines
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -p gpu
#SBATCH -A abc123-gpu
#SBATCH -t 01:00:00
# srun python old_train.py --lr 0.1
#srun torchrun --nproc_per_node 4 old_train.py
srun python new_train.py --lr 0.05
