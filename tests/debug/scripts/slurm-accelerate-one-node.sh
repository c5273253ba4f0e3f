#!/bin/bash
#SBATCH --job-name=sd-lora
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=2
#SBATCH --cpus-per-task=16
#SBATCH --time=08:00:00

source ~/venvs/diff/bin/activate
accelerate launch --multi_gpu --num_processes 2 train_lora.py --resolution 512
