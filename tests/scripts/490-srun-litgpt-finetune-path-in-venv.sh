#!/bin/bash
# family: the console script named by its path in the user's environment ($VENV/bin/litgpt) with
# a subcommand and a checkpoint positional, several nodes, one task per GPU
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=06:00:00
VENV=$HOME/venvs/lit
srun "$VENV/bin/litgpt" finetune_lora checkpoints/meta-llama/Llama-3.2-1B --devices 4 --num_nodes 2
