#!/bin/bash
# family: wrappers - podman-hpc run with a GPU flag (https://docs.nersc.gov/development/containers/podman-hpc/overview/)
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m3333
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=4
#SBATCH -t 01:00:00
srun podman-hpc run --rm --gpu -v $PWD:/work -w /work myimage:latest python train.py --amp
