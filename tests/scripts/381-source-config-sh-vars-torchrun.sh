#!/bin/bash
# family: hyperparameters from a config file of the user's own, sourced with `.`
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:4
#SBATCH --time=05:00:00

. ./hparams.sh
torchrun --standalone --nproc_per_node 4 train.py --lr "$LR" --batch-size "$BATCH"
