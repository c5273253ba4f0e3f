#!/bin/bash
#SBATCH -J vit-h100
#SBATCH -o vit.o%j
#SBATCH -p h100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 06:00:00
#SBATCH -A TG-CIS240123

source $SCRATCH/python-envs/torch/bin/activate
export OMP_NUM_THREADS=12

numactl --interleave=all torchrun --standalone --nnodes=1 --nproc_per_node=4 train_vit.py --model vit_large --epochs 5
