#!/bin/bash
# family: variables - a value set in an if/else on the host name: not a constant, it stays live
#SBATCH -A CSC610
#SBATCH -J unet3d
#SBATCH -N 2
#SBATCH -t 01:00:00
#SBATCH -p batch

if [[ $(hostname) == frontier* ]]; then
    module load PrgEnv-gnu rocm/6.0.0
    BS=16
else
    BS=8
fi
CKPT=checkpoints
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
srun -N 2 -n 16 -c 7 --gpus-per-task=1 --gpu-bind=closest python train_unet3d.py --batch-size $BS --ckpt-dir $CKPT
