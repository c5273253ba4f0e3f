#!/bin/bash
# family: one task per GPU where each task picks its own GPU in a single-quoted bash -c
# (CUDA_VISIBLE_DEVICES=$SLURM_LOCALID), GPU binding turned off for srun
#SBATCH -A m1234_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 03:00:00
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun --gpu-bind=none bash -c 'CUDA_VISIBLE_DEVICES=$SLURM_LOCALID python train_climate.py --world-size $SLURM_NTASKS --rank $SLURM_PROCID'
