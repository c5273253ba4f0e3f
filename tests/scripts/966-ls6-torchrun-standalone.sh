#!/bin/bash
# s24: torchrun --standalone on one node with its three A100s
#SBATCH -J sa
#SBATCH -p gpu-a100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 02:00:00
#SBATCH -A TRA24001

module load python3/3.9.7 cuda/12.2
source $WORK/venvs/pt/bin/activate
torchrun --standalone --nproc_per_node=3 finetune_bert.py --epochs 4 --lr 2e-5
