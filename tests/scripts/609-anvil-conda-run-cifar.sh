#!/bin/bash
#SBATCH -A cis250044-gpu
#SBATCH -p gpu
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH -t 10:00:00
#SBATCH -J cifar-r50
#SBATCH -o %x-%j.out

module purge
module load modtree/gpu
module load conda/2025.09
nvidia-smi -L
cd /anvil/scratch/$USER/cifar

# env torch24 was created with conda create -n torch24 ... ; conda run keeps the job shell clean
conda run -n torch24 --no-capture-output torchrun --standalone --nproc_per_node=4 train_cifar.py --arch resnet50 --lr 0.1 --epochs 200 --data ./data
