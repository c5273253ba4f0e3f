#!/bin/bash
# family: variables - a sweep over seeds: the loop's variable stays live; the constant beside it is read
#SBATCH -p GPU
#SBATCH -N 1
#SBATCH --gpus=v100-32:8
#SBATCH --ntasks-per-node=8
#SBATCH -t 08:00:00
#SBATCH -A cis240321p

module load anaconda3
conda activate rl
EPOCHS=30
for SEED in 1 2 3; do
    srun python train_ppo.py --epochs $EPOCHS --seed $SEED
done
