#!/bin/bash
# family: cluster inference - an aarch64 environment and a queue many clusters have (gpu): the two Grace
# systems maple knows are both aarch64, so the architecture decides nothing; the cluster stays unknown
#SBATCH -p gpu
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
source ~/venvs/torch-linux-aarch64/bin/activate
srun torchrun --standalone --nproc_per_node=4 train.py --epochs 1
