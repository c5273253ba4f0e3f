#!/bin/bash
# cluster: perlmutter
# no-errors
# absent: gpus-exceed-node
# --gpus=16 with no node count: sbatch allocates enough nodes (four of Perlmutter's 4-GPU nodes), no node holds 16
#SBATCH -A m1234_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH --gpus=16
#SBATCH --ntasks-per-gpu=1
#SBATCH --cpus-per-task=32
#SBATCH -t 02:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun python train.py
