#!/bin/bash
# family: variables - data path built from other variables
#SBATCH -N 1
#SBATCH -n 4
#SBATCH --gpus-per-node=4
#SBATCH -p ghx4
#SBATCH -A bcrd-dtai-gh
#SBATCH -t 02:00:00
DATA_ROOT=/work/nvme/bcrd/data
DATASET=imagenet
DATA=$DATA_ROOT/$DATASET
srun python train.py --data-dir $DATA --epochs 90
