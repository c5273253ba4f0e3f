#!/bin/bash
# cluster: frontier
# expect: container-no-gpu error docker run --gpus all
# message: container-no-gpu --gpus is NVIDIA's
#SBATCH -A abc123
#SBATCH -N 1
#SBATCH -t 00:30:00
#SBATCH -p batch
#SBATCH --gpus-per-node=8
#SBATCH --ntasks-per-node=8
srun docker run --gpus all -v "$PWD:/w" rocm/pytorch:rocm6.2 python /w/train.py
