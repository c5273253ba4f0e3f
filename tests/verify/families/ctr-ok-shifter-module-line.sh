#!/bin/bash
# cluster: perlmutter
# absent: container-no-gpu
#SBATCH -A m4242_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 02:00:00
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun shifter --image=nersc/pytorch:24.06.01 --module=gpu,nccl-plugin python train.py --epochs 10
