#!/bin/bash
# s24: the launch command built in a string and run by eval
#SBATCH -J ev
#SBATCH -p gpu-a100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 01:30:00
#SBATCH -A TRA24001

module load python3/3.9.7 cuda/12.2
EPOCHS=20
CMD="torchrun --nproc_per_node=3 train_cnn.py --epochs $EPOCHS --batch-size 128"
echo "running: $CMD"
eval "$CMD"
