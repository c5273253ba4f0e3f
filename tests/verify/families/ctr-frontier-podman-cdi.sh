#!/bin/bash
# cluster: frontier
# absent: container-no-gpu
#SBATCH -A abc123
#SBATCH -N 1
#SBATCH -t 00:30:00
#SBATCH -p batch
#SBATCH --gpus-per-node=8
#SBATCH --ntasks-per-node=8
srun podman run --rm --device amd.com/gpu=all -v "$PWD:/w" docker.io/rocm/pytorch:latest python /w/train.py
