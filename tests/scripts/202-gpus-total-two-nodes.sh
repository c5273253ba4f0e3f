#!/bin/bash -l
# family: GPUs asked as a total for the job (--gpus), torchrun per node from srun
#SBATCH --nodes=2
#SBATCH --gpus=8
#SBATCH --ntasks-per-node=1
#SBATCH --partition=gpu
#SBATCH --time=02:00:00
MASTER=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$MASTER:29400 train.py
