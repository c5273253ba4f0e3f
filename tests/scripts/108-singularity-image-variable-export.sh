#!/bin/bash
# family: wrappers + variables - the container image in a variable and srun --export with a
# command substitution (Delta's container guide shape)
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -p gpuA100x4
#SBATCH -A wxyz-delta-gpu
#SBATCH -t 01:00:00
SIF=/projects/wxyz/images/ngc-pytorch.sif
srun --mpi=pmix --export=ALL,MASTER_ADDR=$(hostname) singularity exec --nv $SIF python train.py --lr 1e-3
