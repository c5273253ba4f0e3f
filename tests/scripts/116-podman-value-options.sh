#!/bin/bash
# family: wrappers - podman-hpc run with options that take values as separate words (--ipc host,
# --shm-size 8g, -v, -w) before the image (https://docs.nersc.gov/development/containers/podman-hpc/overview/)
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -A m4321
#SBATCH -C gpu
#SBATCH -q debug
#SBATCH -t 00:30:00
srun podman-hpc run --rm --gpu --ipc host --shm-size 8g -v $PWD:/w -w /w myorg/trainer:1.0 python train.py --x 1
