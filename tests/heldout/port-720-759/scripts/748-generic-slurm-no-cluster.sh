#!/bin/bash
#SBATCH --job-name=ddp-bench
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:00:00
#SBATCH --output=%x_%j.log

source ~/miniconda3/etc/profile.d/conda.sh
conda activate torch

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500

srun python -u ddp_bench.py --iters 100 --size 512
