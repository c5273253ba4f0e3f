#!/bin/bash
# cluster: perlmutter
# expect: container-no-gpu error podman-hpc run
#SBATCH -A m4242_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 01:00:00
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
srun podman-hpc run --rm --device /dev/kfd --device /dev/dri -v "$PWD:/w" docker.io/me/t:1 python /w/train.py
