#!/bin/bash
# family: the launcher program and its options held in variables, the entry after them
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=03:00:00
LAUNCHER="torchrun --nproc_per_node=4 --master_port=29501"
PROGRAM="finetune_lora.py"
ARGS="--rank 8 --alpha 16"
$LAUNCHER $PROGRAM $ARGS
