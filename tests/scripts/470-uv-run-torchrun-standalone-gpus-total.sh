#!/bin/bash
# family: uv's project environment wraps the launcher (uv run torchrun ...) on one node, the GPUs asked
# as a job total (--gpus=2, no node count), Hydra overrides after the training file
#SBATCH --job-name=lm-train
#SBATCH --gpus=2
#SBATCH --cpus-per-task=8
#SBATCH --mem=100G
#SBATCH --time=12:00:00
uv run torchrun --standalone --nproc_per_node=2 scripts/train.py --config-name=experiment/base +training.save_checkpoints=True
