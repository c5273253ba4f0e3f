#!/bin/bash
# family: launcher details - --gres=gpu:TYPE:N
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:a100:4
#SBATCH -t 02:00:00
#SBATCH --partition=gpuA100x4
#SBATCH --account=bbbb-delta-gpu
srun python train.py
