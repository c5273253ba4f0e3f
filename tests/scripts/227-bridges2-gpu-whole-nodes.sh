#!/bin/bash
# family: PSC Bridges-2 GPU partition, whole nodes asked as a total of typed GPUs
#SBATCH -N 2
#SBATCH -p GPU
#SBATCH -t 02:00:00
#SBATCH --gpus=v100-32:16
#SBATCH -A abc123p
module load anaconda3
conda activate torch
srun --ntasks-per-node=8 python train.py --lr 0.1
