#!/bin/bash
#SBATCH --job-name=bert-ft
#SBATCH --nodes=2:ppn=16
#SBATCH --gres=gpu:4
#SBATCH --time=04:00:00
module load pytorch
srun python train.py --epochs 3
