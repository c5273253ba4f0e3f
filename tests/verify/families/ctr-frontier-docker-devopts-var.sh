#!/bin/bash
# cluster: frontier
# absent: container-no-gpu
#SBATCH -A abc123
#SBATCH -N 1
#SBATCH -t 00:30:00
#SBATCH -p batch
#SBATCH --gpus-per-node=8
#SBATCH --ntasks-per-node=8
GPU_OPTS="--device=/dev/kfd --device=/dev/dri --group-add video"
srun docker run $GPU_OPTS -v "$PWD:/w" rocm/pytorch:rocm6.2 python /w/train.py
