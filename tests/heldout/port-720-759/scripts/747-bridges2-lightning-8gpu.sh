#!/bin/bash
#SBATCH -J lit-8gpu
#SBATCH -A cis220071p
#SBATCH -p GPU
#SBATCH -N 1
#SBATCH --ntasks-per-node=8
#SBATCH --gpus=v100-32:8
#SBATCH -t 12:00:00

module load anaconda3
conda activate lightning
srun python lightning_main.py fit --trainer.devices 8 --trainer.precision 16-mixed --model.lr 0.001
