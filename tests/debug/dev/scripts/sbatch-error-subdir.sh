#!/bin/bash
#SBATCH --job-name=exp7
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
#SBATCH --output=/scratch/u/runs/exp7/out-%j.txt
#SBATCH --error=/scratch/u/runs/exp7/err-%j.txt
mkdir -p /scratch/u/runs/exp7
srun python train.py --out /scratch/u/runs/exp7
