#!/bin/bash
#SBATCH --account=bchk-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --mem=0
#SBATCH --time=03:00:00

module load python/3.11
source ~/venvs/t/bin/activate

torchrun --standalone --nproc_per_node=gpu train_cifar.py --epochs 200 --lr 0.1
