#!/bin/bash
# family: a relative cd into the experiment directory before a plain python launch (conda set-up of the old site)
#SBATCH -N 1
#SBATCH -p gpu
#SBATCH --gpus=1
#SBATCH --mem=64G
#SBATCH -t 12:00:00
#SBATCH -o job_%j.out
source ~/miniconda3/etc/profile.d/conda.sh
conda activate seg
cd experiments
python train_unet.py --fold 0 --epochs 40
