#!/bin/bash
# shape: two runs in the background on halves of one node, then wait
#SBATCH -J ablation
#SBATCH -A cis240099p
#SBATCH -p GPU
#SBATCH -N 1
#SBATCH --gpus=v100-32:8
#SBATCH -t 05:00:00

module load AI/pytorch_23.02-1.13.1-py3
CUDA_VISIBLE_DEVICES=0,1,2,3 torchrun --standalone --nproc_per_node=4 --master_port=29500 train_ablation.py --variant a &
CUDA_VISIBLE_DEVICES=4,5,6,7 torchrun --standalone --nproc_per_node=4 --master_port=29501 train_ablation.py --variant b &
wait
