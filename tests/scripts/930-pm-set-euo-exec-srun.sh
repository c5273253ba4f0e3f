#!/bin/bash
# widen: strict mode and exec before the launch (the batch shell becomes srun)
#SBATCH -A m4400_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 12:00:00
set -euo pipefail

module load pytorch/2.3.1
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
exec srun --cpu-bind=cores python train_mae.py --model mae_vit_large --epochs 400 --blr 1.5e-4
