#!/bin/bash
# family: task total, tasks per node and a generic --gres count, no -N (2 nodes of 4)
#SBATCH -J resnet
#SBATCH -n 8
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
#SBATCH -t 03:00:00
#SBATCH -p gpu
srun python resnet50.py --amp
