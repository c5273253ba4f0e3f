#!/bin/bash
# family: PSC Bridges-2 GPU partition, typed --gpus=v100-32:8 on one node, torchrun standalone
#SBATCH -A abc123p
#SBATCH -p GPU
#SBATCH -N 1
#SBATCH --gpus=v100-32:8
#SBATCH -t 08:00:00

module load anaconda3
conda activate torch
torchrun --standalone --nproc_per_node=8 train.py --data /ocean/projects/abc123p/me/data
