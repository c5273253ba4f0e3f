#!/bin/bash
#SBATCH -p gpu
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --gpus-per-task=1
#SBATCH --time=0-00:10:00
#SBATCH --mem-per-cpu=32G

module load cuda/12.3.2
conda activate main

srun --cpu-bind=socket python $1
