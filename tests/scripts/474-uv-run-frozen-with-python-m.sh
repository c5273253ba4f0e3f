#!/bin/bash
# family: uv run with its own options, one of which takes a value (--with PKG), then python -m
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --time=10:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun uv run --frozen --with wandb python -m trainer.fit --cfg configs/vit_s.yaml
