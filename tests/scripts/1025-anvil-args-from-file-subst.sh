#!/bin/bash
#SBATCH -A cis240001-gpu
#SBATCH -p gpu
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 05:00:00

module load modtree/gpu conda
conda activate lm

torchrun --standalone --nproc_per_node=4 finetune_lm.py $(cat args.txt)
