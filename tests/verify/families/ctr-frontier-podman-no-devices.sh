#!/bin/bash
# cluster: frontier
# expect: container-no-gpu error podman run --rm
# message: container-no-gpu on OLCF Frontier's AMD GPUs with no GPU access
#SBATCH -A abc123
#SBATCH -N 2
#SBATCH -t 01:00:00
#SBATCH -p batch
#SBATCH --gpus-per-node=8
#SBATCH --ntasks-per-node=8
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=3442
srun podman run --rm -v "$PWD:/work" -w /work -e MASTER_ADDR -e MASTER_PORT docker.io/rocm/pytorch:latest \
    python train.py --epochs 3
