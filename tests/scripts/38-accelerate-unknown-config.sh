#!/bin/bash
# family: Accelerate with a config maple cannot read: the strategy is unknown
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=1
#SBATCH -A m6666_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 02:00:00
accelerate launch --config_file $HOME/.cache/huggingface/accelerate/my_config.yaml --num_processes 4 train.py
