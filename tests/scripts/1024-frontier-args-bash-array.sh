#!/bin/bash
#SBATCH -A csc575
#SBATCH -p batch
#SBATCH -N 2
#SBATCH -t 02:00:00

module load PrgEnv-gnu rocm/6.1.3
source activate /lustre/orion/csc575/proj-shared/envs/torch

export MASTER_ADDR=$(hostname)
export MASTER_PORT=3442

ARGS=(
  --model vit_large
  --epochs 50
  --batch-size 64
  --data /lustre/orion/csc575/proj-shared/imagenet
)

srun -N 2 -n 16 --ntasks-per-node=8 --gpus-per-task=1 --gpu-bind=closest \
    python train_vit.py "${ARGS[@]}"
