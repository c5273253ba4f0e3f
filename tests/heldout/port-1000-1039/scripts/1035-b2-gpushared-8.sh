#!/bin/bash
#SBATCH -J t5-large
#SBATCH -A cis250117p
#SBATCH -p GPU-shared
#SBATCH -N 1
#SBATCH --gpus=v100-32:8
#SBATCH --ntasks-per-node=1
#SBATCH -t 12:00:00

module load AI/pytorch_23.02-1.13.1-py3

cd /ocean/projects/cis250117p/$USER/t5
torchrun --standalone --nproc_per_node=8 finetune_t5.py --model t5-large --fp16 --epochs 5
