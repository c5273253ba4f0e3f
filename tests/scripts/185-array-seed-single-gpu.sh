#!/bin/bash
# family: a job array, one GPU per element, the element index as the seed
#SBATCH --array=0-4
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=8
#SBATCH --gres=gpu:1
#SBATCH --mem=32G
#SBATCH --time=12:00:00
#SBATCH --output=logs/%A_%a.out
source ~/.bashrc
conda activate myenv
python train.py --seed $SLURM_ARRAY_TASK_ID --out runs/$SLURM_ARRAY_JOB_ID
