#!/bin/bash
# family: variables - arguments in a bash array
#SBATCH -N 2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH -p GPU
#SBATCH -t 03:00:00
#SBATCH -A cis220001p
TRAIN_ARGS=(--model resnet152 --batch-size 64 --amp)
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=12355
srun python train.py "${TRAIN_ARGS[@]}"
