#!/bin/bash
# cluster: frontier
# expect: container-no-gpu error docker run --device=/dev/kfd
# message: container-no-gpu \(/dev/kfd without /dev/dri\).*needs both
#SBATCH -A abc123
#SBATCH -N 1
#SBATCH -t 00:30:00
#SBATCH -p batch
#SBATCH --gpus-per-node=8
#SBATCH --ntasks-per-node=8
srun docker run --device=/dev/kfd --group-add video -v "$PWD:/w" rocm/pytorch:rocm6.2 python /w/train.py
