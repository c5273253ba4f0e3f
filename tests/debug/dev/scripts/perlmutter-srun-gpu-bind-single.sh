#!/bin/bash
#SBATCH -A m5678_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH -t 01:00:00
export MPICH_GPU_SUPPORT_ENABLED=1
srun -n 8 --ntasks-per-node=4 --gpus-per-task=1 --gpu-bind=single:1 ./warpx inputs
