#!/bin/bash
# family: torchrun --nproc_per_node=gpu takes every GPU the job was given
#SBATCH -N 1
#SBATCH --gres=gpu:2
#SBATCH -c 16
#SBATCH -t 01:00:00
module load cuda
torchrun --standalone --nnodes=1 --nproc_per_node=gpu multigpu_torchrun.py 50 10
