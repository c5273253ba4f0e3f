#!/bin/bash
# family: the job's own MPI+CUDA binary (built under the project's tree) started by ibrun one rank per GPU
#SBATCH -J poisson3d
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 6
#SBATCH -t 03:00:00
#SBATCH -A ASC24021

module load cuda/12.2 impi
cd $WORK/poisson3d
ibrun ./build/poisson3d_gpu --grid 2048 --iters 20000 --tol 1e-8
