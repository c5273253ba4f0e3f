#!/bin/bash
# family: torchrun's --nproc_per_node=gpu (one worker per visible GPU) on one node; the count is the
# node's GPUs the job asked for
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:a100:4
#SBATCH --cpus-per-task=32
#SBATCH --time=04:00:00
srun torchrun --standalone --nnodes=1 --nproc_per_node=gpu main.py --data /scratch/imagenet --arch resnet101
