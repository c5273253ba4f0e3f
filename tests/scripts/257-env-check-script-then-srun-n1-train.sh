#!/bin/bash
# family: a plain python environment check before a single-GPU srun -n 1 training: the training is the srun line
#SBATCH -N 1
#SBATCH -n 1
#SBATCH --gpus-per-node=1
#SBATCH -C gpu
#SBATCH -q shared
#SBATCH -A m3579_g
#SBATCH -t 00:30:00
python check_gpu_env.py
srun -n 1 python train_mnist.py --epochs 3
