#!/bin/bash
#SBATCH --job-name=port
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --time=00:03:00
#SBATCH --output=port.out
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
srun python -u ddp_check.py
