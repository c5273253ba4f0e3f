#!/bin/bash
# family: run from a login node (no header): srun makes the one-node allocation with its GPUs, the
# torchrun process count is the script's first argument
NGPU=$1
shift
srun -N 1 --ntasks-per-node=1 --gpus-per-node=4 -p gpu -t 01:00:00 torchrun --standalone --nproc_per_node=$NGPU train_lm.py "$@"
