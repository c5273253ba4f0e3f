#!/bin/bash
# family: python interpreter options before the program (-u, -X faulthandler, -O)
#SBATCH --nodes=1
#SBATCH --gres=gpu:a100:4
#SBATCH --ntasks-per-node=1
#SBATCH --time=12:00:00
torchrun --standalone --nproc_per_node=4 --no-python python -u -X faulthandler -O train.py --epochs 90
