#!/bin/bash
# cluster: anvil
# Hand-written: RCAC's gpu-debug takes 1 node and at most 2 GPUs per job.
# expect: gpus-exceed-queue error --gpus-per-node=4
# says: gpus-exceed-queue at most 2 per job [https://docs.rcac.purdue.edu/userguides/anvil/jobs/]
#SBATCH -A abc123456-gpu
#SBATCH -p gpu-debug
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH -t 00:20:00
srun -n 4 python train.py
