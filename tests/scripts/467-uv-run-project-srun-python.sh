#!/bin/bash
# family: uv manages the environment (uv run --project DIR python ...) started by srun per GPU, with
# UV_CACHE_DIR set on scratch before it
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH --cpus-per-task=12
#SBATCH --time=03:00:00
export UV_CACHE_DIR=$SCRATCH/.uv-cache
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun uv run --project ./llm-train python -m llm_train.pretrain --model small --tokens 2e9
