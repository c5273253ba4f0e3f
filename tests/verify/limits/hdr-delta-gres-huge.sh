#!/bin/bash
# cluster: delta
# expect: gpus-exceed-node error --gres=gpu:a100:100000
# message: gpus-exceed-node ^100000 GPUs per node, but
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=1
#SBATCH --gres=gpu:a100:100000
#SBATCH --ntasks-per-node=1
#SBATCH --time=01:00:00
srun torchrun --standalone --nproc_per_node=4 train.py
