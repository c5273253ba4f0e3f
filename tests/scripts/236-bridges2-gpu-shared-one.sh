#!/bin/bash
# family: PSC Bridges-2 GPU-shared, one V100, python directly
#SBATCH -p GPU-shared
#SBATCH -N 1
#SBATCH --gpus=v100-32:1
#SBATCH -t 01:00:00
#SBATCH -A abc123p
module load AI/pytorch_23.02-1.13.1-py3
python mnist.py --epochs 2
