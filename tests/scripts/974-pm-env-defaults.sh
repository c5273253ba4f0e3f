#!/bin/bash
# s24: settings the submitter may override (EPOCHS=${EPOCHS:-10}), used by the arguments
#SBATCH -A m4431_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 06:00:00

module load pytorch/2.3.1
EPOCHS=${EPOCHS:-10}
LR=${LR:-3e-4}
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun python train_mae.py --epochs $EPOCHS --lr "$LR" --out $SCRATCH/mae
