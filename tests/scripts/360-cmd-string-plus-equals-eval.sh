#!/bin/bash
# family: the launch command built up with += on a string and run with eval
#SBATCH -N 1
#SBATCH --gres=gpu:4
#SBATCH -t 03:00:00
#SBATCH -p gpu

GPUS=4
LR=2e-5
CMD="torchrun --standalone --nproc_per_node=$GPUS"
CMD+=" finetune.py"
CMD+=" --model bert-base-uncased --lr $LR"
echo "$CMD"
eval "$CMD"
