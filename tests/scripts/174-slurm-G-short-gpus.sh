#!/bin/bash
# family: sbatch -G (the short form of --gpus) on one node, torchrun counts the GPUs itself
#SBATCH -N 1
#SBATCH -G 2
#SBATCH -c 16
#SBATCH -t 2:00:00
torchrun --standalone --nproc_per_node=gpu train.py
