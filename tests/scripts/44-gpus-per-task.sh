#!/bin/bash
# family: launcher details - --gpus-per-task with one task per GPU
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH -c 32
#SBATCH -A m8888_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 01:30:00
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun python -u ddp_train.py --arch vit_b_16
