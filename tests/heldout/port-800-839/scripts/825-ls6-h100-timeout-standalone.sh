#!/bin/bash
#SBATCH -J llava-h100
#SBATCH -p gpu-h100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 24:00:00
#SBATCH -A MCB25003
#SBATCH -o llava.%j.out

# Lonestar6 H100 node (2 GPUs)
module load python3/3.9.7 cuda/12.2
source /scratch/09433/llvuser/envs/llava/bin/activate

# stop 15 minutes before the wall clock so the last checkpoint gets written
timeout 23h45m torchrun --standalone --nproc_per_node=2 \
    train_llava.py --stage pretrain --lr 1e-3 --output_dir /scratch/09433/llvuser/llava-pt
