#!/bin/bash
# widen: Shifter image with set -x tracing
#SBATCH -A m4400_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 06:00:00
#SBATCH --image=nersc/pytorch:24.06.01
#SBATCH --module=gpu,nccl-plugin
set -x
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun shifter python train_climax.py --config configs/climax_1.4.yaml
