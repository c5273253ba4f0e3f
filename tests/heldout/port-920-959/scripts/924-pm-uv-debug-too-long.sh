#!/bin/bash
#SBATCH -A m4450_g
#SBATCH -C gpu
#SBATCH -q debug
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH -c 32
#SBATCH -t 02:00:00
#SBATCH -J gnn-uv

# uv keeps the project env in .venv; `uv sync` was run on the login node
export UV_CACHE_DIR=$SCRATCH/.uv-cache
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_NODELIST" | head -n1)
export MASTER_PORT=29600

srun uv run --frozen python train_gnn.py --dataset ogbn-papers100M --hidden 512 --layers 3
