#!/bin/bash
# family: only the node's GPUs in the header (no -N, no -n): sbatch's one node; srun's own tasks
#SBATCH --partition=gpuA100x4
#SBATCH --account=bbka-delta-gpu
#SBATCH --gpus-per-node=4
#SBATCH --time=00:45:00
srun --ntasks-per-node=4 python3 ddp_mnist.py --batch 256
