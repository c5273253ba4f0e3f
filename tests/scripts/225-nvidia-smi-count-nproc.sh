#!/bin/bash
# family: the GPU count from nvidia-smi at run time
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
NGPUS=$(nvidia-smi -L | wc -l)
torchrun --standalone --nproc_per_node=$NGPUS train.py
