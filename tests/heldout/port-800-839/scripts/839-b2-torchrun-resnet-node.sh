#!/bin/bash
#SBATCH -J resnet-b2
#SBATCH -A cis240220p
#SBATCH -p GPU-small
#SBATCH -N 1
#SBATCH --gpus=v100-32:8
#SBATCH -t 06:00:00
#SBATCH -o resnet-%j.out

module load AI/pytorch_23.02-1.13.1-py3
cd /ocean/projects/cis240220p/rn/imagenet-ddp

torchrun --standalone --nproc_per_node=8 main.py --arch resnet101 --epochs 90 --workers 5 /ocean/datasets/community/imagenet
