#!/bin/bash
#SBATCH -J 4Re1AllConst       # Job name
#SBATCH -n 4                  # Number of total cores
#SBATCH -N 1                  # Number of nodes
#SBATCH -A gpu
#SBATCH --gres=gpu:1
#SBATCH -p gpu
#SBATCH --mem=8000
#SBATCH -e error_%j.err
#SBATCH -o out_%j.out
#SBATCH --time=14-00:00
