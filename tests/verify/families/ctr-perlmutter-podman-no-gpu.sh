#!/bin/bash
# cluster: perlmutter
# expect: container-no-gpu error podman-hpc run
#SBATCH -A m4242_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 04:00:00
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun podman-hpc run --rm --nccl -v "$PWD:/work" -w /work \
    -e MASTER_ADDR -e MASTER_PORT docker.io/myuser/trainer:latest \
    python train.py --dist-url env://
