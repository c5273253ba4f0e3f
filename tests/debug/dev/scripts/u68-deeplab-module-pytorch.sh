#!/bin/bash
#SBATCH --job-name=deeplab
#SBATCH --gres=gpu:3
#SBATCH --time=24:00:00
CUDA_VISIBLE_DEVICES=0,1,2
module load pytorch/1.1.0
python3 train.py
