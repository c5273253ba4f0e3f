#!/bin/bash
# family: srun with --distribution and --cpus-per-task options, -u before the program, trailing redirect
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=01:00:00
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
srun --distribution=block:block --cpus-per-task=8 -u python -u train.py --epochs 2 > train.log 2>&1
