#!/bin/bash
# family: NCSA Delta A40 nodes, torchrun standalone on one node
#SBATCH --partition=gpuA40x4
#SBATCH --account=bbka-delta-gpu
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --mem=200g
#SBATCH --time=00:45:00
#SBATCH --constraint="scratch"
module load python/3.11.6
torchrun --standalone --nproc_per_node=4 train.py
