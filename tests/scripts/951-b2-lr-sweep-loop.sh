#!/bin/bash
# widen: a learning-rate sweep, one srun step per value, in sequence
#SBATCH -p GPU
#SBATCH -N 1
#SBATCH --gpus=v100-32:8
#SBATCH --ntasks-per-node=8
#SBATCH -t 16:00:00
#SBATCH -A cis240500p

module load anaconda3
conda activate vit
for LR in 1e-3 5e-4 1e-4; do
    srun python train_vit.py --lr $LR --epochs 20
done
