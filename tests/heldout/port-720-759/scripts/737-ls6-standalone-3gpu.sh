#!/bin/bash
#SBATCH -J ls6-ddp
#SBATCH -o ddp.o%j
#SBATCH -e ddp.e%j
#SBATCH -p gpu-a100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 08:00:00
#SBATCH -A ASC23013

module load python3/3.9.7
source $SCRATCH/python-envs/torch/bin/activate

# all three A100s of the node
torchrun --standalone --nproc_per_node=3 train.py --epochs 10 --data $SCRATCH/cifar10
