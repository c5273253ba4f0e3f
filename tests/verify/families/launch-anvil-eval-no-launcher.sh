#!/bin/bash
# cluster: anvil
# expect: launcher-not-distributed error python train.py
# an eval of text with no launcher in it: python still runs once on two nodes
#SBATCH -A cis230000-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
CMD="echo start"
eval "$CMD"
python train.py --epochs 3
