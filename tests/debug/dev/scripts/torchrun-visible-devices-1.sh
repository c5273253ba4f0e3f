#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:1
#SBATCH --time=01:00:00
export CUDA_VISIBLE_DEVICES=1
torchrun --nproc_per_node=1 train.py
