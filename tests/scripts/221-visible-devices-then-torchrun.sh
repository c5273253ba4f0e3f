#!/bin/bash
# family: CUDA_VISIBLE_DEVICES set to all of the node's GPUs, then torchrun standalone
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=1
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m1234_g
#SBATCH -t 02:00:00
export CUDA_VISIBLE_DEVICES=0,1,2,3
export OMP_NUM_THREADS=8
torchrun --standalone --nproc_per_node=4 train.py --compile
