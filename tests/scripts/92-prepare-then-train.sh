#!/bin/bash
# family: launcher details - a data preparation step before the training launch
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m5050_g
#SBATCH -t 01:00:00
python prepare_data.py --out $SCRATCH/tokens
srun python train.py --data $SCRATCH/tokens
python evaluate.py --ckpt last.pt
