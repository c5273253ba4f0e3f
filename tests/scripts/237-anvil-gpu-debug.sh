#!/bin/bash
# family: Purdue Anvil gpu-debug partition, one GPU
#SBATCH -A cis230000-gpu
#SBATCH -p gpu-debug
#SBATCH -N 1
#SBATCH --gpus-per-node=1
#SBATCH -t 00:20:00
module load modtree/gpu
python smoke.py
