#!/bin/bash
# family: the interpreter by its full path in a conda env, one task per GPU
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
srun "$HOME/miniconda3/envs/torch/bin/python" train.py
