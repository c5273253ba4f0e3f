#!/bin/bash
# cluster: perlmutter
# family: wrappers - podman-hpc run before python, one task per GPU
# modelled on https://docs.nersc.gov/development/containers/podman-hpc/overview/
#SBATCH -A m4242_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 04:00:00
#SBATCH -N 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --gpu-bind=none
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun podman-hpc run --gpu --rm -v "$PWD:/work" -w /work \
    -e MASTER_ADDR -e MASTER_PORT docker.io/myuser/trainer:latest \
    python train.py --dist-url env://
