#!/bin/bash
# family: NERSC Shifter image directives, srun shifter with --env and a python program
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m4321
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
#SBATCH --image=nersc/pytorch:24.06.01
#SBATCH --module=gpu,nccl-plugin
MASTER_ADDR=$(hostname)
export MASTER_ADDR
export MASTER_PORT=29500
srun shifter --env=PYTHONUSERBASE="$HOME/.local/pm" python train.py --data ${SCRATCH}/imagenet
