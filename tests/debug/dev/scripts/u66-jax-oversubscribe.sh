#!/bin/bash -l
#SBATCH --time=00:05:00
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=8
#SBATCH --constraint=gpu
#SBATCH --gpus-per-node=4
#SBATCH --gpu-bind=none

export XLA_PYTHON_CLIENT_PREALLOCATE=false

srun python3 my_jax_script.py
