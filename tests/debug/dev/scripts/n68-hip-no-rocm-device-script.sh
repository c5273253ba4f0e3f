#!/bin/bash
#SBATCH -A ABC123
#SBATCH -N 1
#SBATCH --gpus-per-node=1
#SBATCH -t 01:00:00
module load rocm/6.2.4
export HIP_VISIBLE_DEVICES=4
srun python train.py
