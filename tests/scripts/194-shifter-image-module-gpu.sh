#!/bin/bash
# family: NERSC Shifter image with the gpu module, srun shifter python
#SBATCH -N 2
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m1234_g
#SBATCH -t 01:00:00
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --image=nersc/pytorch:24.06.01
#SBATCH --module=gpu,nccl-plugin
export MASTER_ADDR=$(hostname)
srun shifter python train.py --amp
