#!/bin/bash
# s24: a plain MPI + HIP program under srun, one rank per GCD, its input file in a constant
#SBATCH -A CSC550
#SBATCH -J lbm
#SBATCH -N 4
#SBATCH -t 01:00:00
#SBATCH -p batch
#SBATCH --gpus-per-node=8

module load PrgEnv-cray craype-accel-amd-gfx90a rocm
INPUT=inputs/cavity_4096.in
srun -N 4 -n 32 --ntasks-per-node=8 --gpus-per-task=1 --gpu-bind=closest ./lbm_hip $INPUT --steps 5000
