#!/bin/bash
# cluster: perlmutter
# expect: gpus-exceed-node error --gpus=16
# --gpus=16 on one node written: a Perlmutter node has 4
#SBATCH -A m1234_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 1
#SBATCH --gpus=16
#SBATCH --ntasks-per-gpu=1
#SBATCH -t 02:00:00
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun python train.py
