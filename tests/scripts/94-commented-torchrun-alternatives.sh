#!/bin/bash
# family: launcher details - alternatives left commented out after the real launch line
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -p gh
#SBATCH -A ABC24001
#SBATCH -t 01:00:00
torchrun --standalone --nproc_per_node 1 train.py --bs 64
#torchrun --standalone --nproc_per_node 4 train.py --bs 16
# python train.py --bs 64
