#!/bin/bash
# family: variables - a bash array over several lines
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -p gpu
#SBATCH -A cis240001-gpu
#SBATCH -t 01:00:00
OPTS=(
    --model vit_b_16
    --batch-size 128
)
srun python train.py "${OPTS[@]}"
