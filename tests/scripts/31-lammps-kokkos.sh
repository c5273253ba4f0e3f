#!/bin/bash
# family: not DDP - an MPI application with options (LAMMPS/Kokkos style) on Frontier
#SBATCH -A CHM101
#SBATCH -J lmp
#SBATCH -N 4
#SBATCH -t 01:00:00
#SBATCH -p batch
module load PrgEnv-amd rocm
srun -n 32 --ntasks-per-node=8 --gpus-per-node=8 --gpu-bind=closest lmp -k on g 8 -sf kk -in in.lj
