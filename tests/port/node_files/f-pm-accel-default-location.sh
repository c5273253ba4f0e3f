#!/bin/bash
#SBATCH -A m1234_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 01:00:00
#SBATCH -N 1
#SBATCH --gpus-per-node=4
accelerate config default
accelerate launch --num_processes 4 sft.py --lr 2e-5
