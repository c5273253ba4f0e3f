#!/bin/bash
# family: wrappers - conda run -n ENV before python
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=4
#SBATCH -p gpu
#SBATCH -A xyz789-gpu
#SBATCH -t 01:00:00
srun conda run -n torch212 --no-capture-output python train.py --fast
