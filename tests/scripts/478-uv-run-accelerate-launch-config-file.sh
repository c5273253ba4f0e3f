#!/bin/bash
# family: uv wraps accelerate launch with the user's own config file on one node
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=09:00:00
uv run accelerate launch --config_file configs/ddp4.yaml --num_processes 4 sft.py --model_name_or_path Qwen/Qwen2.5-0.5B --bf16
