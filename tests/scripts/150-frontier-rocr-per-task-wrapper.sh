#!/bin/bash
# family: Frontier with a one-line per-task wrapper that sets the GCD from SLURM_LOCALID
#SBATCH -A abc123
#SBATCH -J gcds
#SBATCH -t 01:00:00
#SBATCH -p batch
#SBATCH -N 2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
module load rocm/6.1.3
MASTER_ADDR=$(hostname -i)
export MASTER_ADDR
export MASTER_PORT=3442
srun --gpus-per-task=1 --gpu-bind=closest bash -c 'export RANK=$SLURM_PROCID WORLD_SIZE=$SLURM_NTASKS LOCAL_RANK=$SLURM_LOCALID; exec python train.py --epochs 4'
