#!/bin/bash
# family: the launch built in a CMD string, torchrun options spelled with hyphens
#SBATCH -N 1
#SBATCH --gres=gpu:4
#SBATCH -p gpu
#SBATCH -t 08:00:00
CMD="torchrun --standalone --nproc-per-node 4 train_gpt.py --batch-size 16 --compile"
echo "$CMD"
srun $CMD
