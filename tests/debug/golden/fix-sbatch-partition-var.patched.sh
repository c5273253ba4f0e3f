#!/bin/bash
#SBATCH --job-name=train
#SBATCH --partition=gpu
#SBATCH --account=proj042
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
PART=gpu
ACCT=proj042
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR MASTER_PORT=29500
srun python -u train.py
