#!/bin/bash
#SBATCH --job-name=pl
#SBATCH --nodes=2
#SBATCH --gres=gpu:4
#SBATCH --time=24:00:00
srun python train.py --num-nodes 2 --gpus 4
