#!/bin/bash
# family: variables - counts with defaults (${GPUS:-4}) on the torchrun line, Lonestar6 gpu-a100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -p gpu-a100
#SBATCH -A ASC23001
#SBATCH -t 01:00:00
GPUS=${GPUS:-3}
WORKERS=${WORKERS:-8}
torchrun --standalone --nproc_per_node=$GPUS train.py --workers $WORKERS
