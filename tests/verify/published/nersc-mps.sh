#!/bin/bash
# cluster: perlmutter
# family: site options - CUDA MPS, several MPI ranks per GPU on purpose
# modelled on https://docs.nersc.gov/systems/perlmutter/running-jobs/#oversubscribing-gpus-with-cuda-multi-process-service
#SBATCH -A m4242_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 00:30:00
#SBATCH -N 1
#SBATCH --ntasks-per-node=32
#SBATCH --gpus-per-node=4
export CRAY_CUDA_MPS=1
nvidia-cuda-mps-control -d
srun -n 32 --cpu-bind=cores ./lammps_gpu -in in.lj -sf gpu -pk gpu 4
echo quit | nvidia-cuda-mps-control
