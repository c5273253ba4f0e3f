#!/bin/bash
#SBATCH --job-name=finetune
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:1
#SBATCH --cpus-per-task=8
#SBATCH --time=04:00:00

# the GPU index of a workstation with two GPUs, copied into a one-GPU job
torchrun --standalone --nproc_per_node=1 finetune.py --epochs 3
