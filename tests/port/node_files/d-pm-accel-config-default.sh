#!/bin/bash
#SBATCH -A m1234_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 01:00:00
#SBATCH -N 1
#SBATCH --gpus-per-node=4
accelerate config default --config_file acc.yaml --mixed_precision bf16
accelerate launch --config_file acc.yaml finetune.py --model_name gpt2 --epochs 2
