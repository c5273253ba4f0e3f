#!/bin/bash
# family: NERSC podman-hpc with the GPU and MPI hooks, srun one task per GPU
#SBATCH -A m1234_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
export MASTER_ADDR=$(hostname)
srun podman-hpc run --rm --gpu --mpi -v $PWD:/work -w /work nvcr.io/nvidia/pytorch:24.05-py3 python train.py
