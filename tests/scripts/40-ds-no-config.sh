#!/bin/bash
# family: the deepspeed launcher without any config argument: stage unknown
#SBATCH -N 1
#SBATCH --gpus-per-node=8
#SBATCH --ntasks-per-node=1
#SBATCH -p batch
#SBATCH -A STF123
#SBATCH -t 01:00:00
module load rocm/6.2.4
deepspeed --num_gpus 8 train_ds.py --epochs 1
