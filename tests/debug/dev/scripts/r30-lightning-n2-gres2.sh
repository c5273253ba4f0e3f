#!/bin/bash
#SBATCH -o logs/ae-%j.out
#SBATCH -N 2
#SBATCH -c 40
#SBATCH --gres=gpu:2
#SBATCH -t 24:00:00
#SBATCH --mem 60G

srun python ddp_toy.py
