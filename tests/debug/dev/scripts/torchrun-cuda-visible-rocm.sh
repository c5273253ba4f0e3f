#!/bin/bash
#SBATCH --nodes=1
#SBATCH --gres=gpu:2
#SBATCH --time=02:00:00
module load rocm/6.0
source ~/envs/rocm/bin/activate
export CUDA_VISIBLE_DEVICES=2,3
torchrun --nproc_per_node=2 main.py
