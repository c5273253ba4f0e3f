#!/bin/bash
#SBATCH -J dcgan
#SBATCH -A cis220071p
#SBATCH -p GPU-shared
#SBATCH -N 1
#SBATCH --gres=gpu:v100-32:4
#SBATCH -t 08:00:00

module load AI/pytorch_23.02-1.13.1-py3
torchrun --standalone --nproc_per_node=4 train_gan.py --niter 25 --batchSize 64
