#!/bin/bash
# family: wrappers - a project environment runner (uv run) before python, on Anvil
# (https://docs.astral.sh/uv/reference/cli/#uv-run)
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -p gpu
#SBATCH -A tuv001-gpu
#SBATCH -t 00:30:00
srun uv run --frozen python train.py --y 2
