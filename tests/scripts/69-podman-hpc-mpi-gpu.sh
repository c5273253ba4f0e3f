#!/bin/bash
# family: wrappers - podman-hpc with --gpu/--mpi flags and -v/-w values (NERSC podman-hpc docs,
# https://docs.nersc.gov/development/containers/podman-hpc/overview/)
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m1759
#SBATCH -t 01:00:00
srun podman-hpc run --rm --gpu --mpi -v $SCRATCH/data:/data -w /work myrepo/trainer:1.2 \
    python /work/train.py --data /data
