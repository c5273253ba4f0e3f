#!/bin/bash
#SBATCH -J 6AllConst
#SBATCH -n 8
#SBATCH -N 1
#SBATCH -A gpu
#SBATCH -p gpu
#SBATCH --gres=gpu:2
#SBATCH --mem-per-cpu=2000
#SBATCH --time=14-00:00
python train.py
