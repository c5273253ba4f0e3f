#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks=2
#SBATCH --time=00:30:00
srun ml load PyTorch/2.1.2
srun python train.py
