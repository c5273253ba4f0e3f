#!/bin/bash
# family: fingerprints - Frontier known only by its modules and project id (no partition line)
#SBATCH -A CHM155
#SBATCH -N 2
#SBATCH -t 00:30:00
module load PrgEnv-gnu/8.5.0 rocm/6.2.4 craype-accel-amd-gfx90a miniforge3/23.11.0-0
export MIOPEN_USER_DB_PATH=/tmp/miopen-$USER
srun -N 2 -n 16 -c 7 --gpus-per-task=1 --gpu-bind=closest python3 train.py
