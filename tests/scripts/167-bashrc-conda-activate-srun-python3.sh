#!/bin/bash
# family: shell set-up before a one-task-per-GPU srun; Hydra experiment override
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 12:00:00
set -x
source ~/.bashrc
conda activate hydra-env
srun python3 src/train.py experiment=base
