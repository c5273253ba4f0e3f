#!/bin/bash
#SBATCH -A cis230078p
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=8
#SBATCH -t 08:00:00

module load anaconda3
conda activate torch

MASTER_ADDR=$(scontrol show hostname "$SLURM_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=$((10000 + SLURM_JOB_ID % 20000))

srun bash -c 'RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS python train_gan.py --epochs 80 --amp'
