#!/bin/bash
# family: --gpus-per-node with a GPU type (a100:4), one task per GPU
#SBATCH --nodes=2
#SBATCH --gpus-per-node=a100:4
#SBATCH --ntasks-per-node=4
#SBATCH --time=03:00:00
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
srun python train.py --amp
