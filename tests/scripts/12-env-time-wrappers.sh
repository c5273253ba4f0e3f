#!/bin/bash
# family: wrappers - time and env VAR=value before python -m
#SBATCH -N 1
#SBATCH --gpus-per-node=8
#SBATCH --ntasks-per-node=8
#SBATCH -p batch
#SBATCH -A CSC999
#SBATCH -t 00:45:00
module load PrgEnv-gnu rocm/6.2.4
srun time env OMP_NUM_THREADS=7 python -m trainer.main --epochs 2
