#!/bin/bash
# family: header forms (guard) - --gpus=16 with -N 4 written: the count is the script's, four GPUs on each
#SBATCH -A m1234_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 4
#SBATCH --gpus=16
#SBATCH --ntasks-per-node=1
#SBATCH -t 02:00:00
srun torchrun --nnodes=4 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$(hostname):29500 train.py
