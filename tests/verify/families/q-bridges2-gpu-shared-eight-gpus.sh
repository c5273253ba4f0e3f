#!/bin/bash
# cluster: bridges2
# Hand-written: GPU-shared takes at most 4 GPUs of one node; a whole 8-GPU node is the GPU partition.
# expect: gpus-exceed-queue error --gpus=v100-32:8
# says: gpus-exceed-queue at most 4 per job
#SBATCH -A abc123456p
#SBATCH -p GPU-shared
#SBATCH -N 1
#SBATCH --gpus=v100-32:8
#SBATCH -t 01:00:00
srun -n 8 python train.py
