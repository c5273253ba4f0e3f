#!/bin/bash
# family: variables - defaults with ${VAR:-value}
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=4
#SBATCH -p gpuA40x4
#SBATCH -A bbbb-delta-gpu
#SBATCH -t 00:30:00
NUM_WORKERS=${NUM_WORKERS:-1}
EPOCHS=${EPOCHS:-10}
srun python train_resnet.py --workers ${NUM_WORKERS} --epochs ${EPOCHS}
