#!/bin/bash
# cluster: delta
# expect: container-no-gpu error docker run --rm
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuMI100x8
#SBATCH --nodes=1
#SBATCH --gpus-per-node=8
#SBATCH --ntasks-per-node=1
#SBATCH --time=01:00:00
srun docker run --rm -v "$PWD:/w" rocm/pytorch:latest torchrun --nproc_per_node=8 /w/train.py
