#!/bin/bash
# family: TACC - ibrun with the task_affinity helper in front of python, 3 A100s per node
#SBATCH -J ddp-ls6
#SBATCH -o ddp.o%j
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 6
#SBATCH -t 01:00:00
#SBATCH -A ABC23456

module load cuda/12.2 python3/3.9.7
source $WORK/venvs/torch/bin/activate

ibrun task_affinity python3 train.py --epochs 4
