#!/bin/bash
# family: srun --export=ALL,VAR=value (a list with assignments), one task per GPU
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=00:45:00
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
srun --export=ALL,OMP_NUM_THREADS=8 python train.py --epochs 5
