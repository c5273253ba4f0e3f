#!/bin/bash
# family: TACC Vista development queue, one Grace Hopper node, torchrun standalone
#SBATCH -J dev
#SBATCH -p gh-dev
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 00:30:00
#SBATCH -A ABC24001
module load gcc cuda
torchrun --standalone --nproc_per_node=1 train.py
