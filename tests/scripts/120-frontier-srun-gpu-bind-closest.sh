#!/bin/bash
# family: OLCF's PyTorch guide shape: one task per GCD, env:// ranks from Slurm, srun options in short form
#SBATCH -A abc123
#SBATCH -J resnet
#SBATCH -o logs/resnet-%j.o
#SBATCH -t 00:30:00
#SBATCH -p batch
#SBATCH -N 2
unset SLURM_EXPORT_ENV
module load PrgEnv-gnu/8.5.0
module load rocm/6.0.0
module load craype-accel-amd-gfx90a
source activate /ccs/proj/abc123/envs/torch
MASTER_ADDR=$(hostname -i)
export MASTER_ADDR
export MASTER_PORT=3442
export MIOPEN_USER_DB_PATH="/tmp/my-miopen-cache"
export MIOPEN_CUSTOM_CACHE_DIR=${MIOPEN_USER_DB_PATH}
srun -N2 -n16 -c7 --gpus-per-task=1 --gpu-bind=closest python3 -W ignore -u train_resnet.py --batch 64
