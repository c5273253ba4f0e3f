#!/bin/bash
# widen: exec + timeout with the signal the program catches to save before the limit
#SBATCH -A cis240077-gpu
#SBATCH -p gpu
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 12:00:00

module load modtree/gpu
module load learning/conda-2021.05-py38-gpu
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
exec timeout --signal=SIGUSR1 11h srun python train_vae.py --epochs 1000 --save-every 10
