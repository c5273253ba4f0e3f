#!/bin/bash
#SBATCH -n 1
#SBATCH --mem=2G
#SBATCH --gres=gpu:1
#SBATCH --partition=gpu
#SBATCH --cpus-per-task=2
#SBATCH --time=15
python mnist.py
