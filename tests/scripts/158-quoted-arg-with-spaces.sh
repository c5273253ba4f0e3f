#!/bin/bash
# family: a program argument with spaces inside double quotes
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
torchrun --standalone --nproc_per_node=4 generate.py --prompt "a photo of a cat" --steps 50
