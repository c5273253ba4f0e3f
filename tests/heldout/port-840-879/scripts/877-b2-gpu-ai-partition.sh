#!/bin/bash
#SBATCH -J bert-pretrain
#SBATCH -A cis230051p
#SBATCH -p GPU-AI
#SBATCH -N 1
#SBATCH --gpus=v100-32:8
#SBATCH --ntasks-per-node=1
#SBATCH -t 12:00:00

# header carried over from our old Bridges (Bridges-AI) scripts
module load AI/pytorch_23.02-1.13.1-py3
cd /ocean/projects/cis230051p/$USER/bert

torchrun --standalone --nproc_per_node=8 train_bert.py --max-steps 100000 --fp16
