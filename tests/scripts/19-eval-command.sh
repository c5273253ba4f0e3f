#!/bin/bash
# family: launcher details - an eval'd command string
#SBATCH -N 1
#SBATCH --ntasks-per-node=2
#SBATCH --gpus-per-node=2
#SBATCH -t 00:30:00
#SBATCH -p gpu-debug
#SBATCH -A cda100001-gpu
CMD="srun python train_mnist.py --epochs 5"
echo "$CMD"
eval $CMD
