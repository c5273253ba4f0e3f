#!/bin/bash
# family: Frontier, one task per GCD, the local rank expanded per task inside a double-quoted bash -c
# (escaped \$), Python warnings silenced with -W ignore
#SBATCH -A ABC123
#SBATCH -J resnet
#SBATCH -N 2
#SBATCH -t 01:00:00
#SBATCH -p batch

module load PrgEnv-gnu rocm/6.2.4
export MASTER_ADDR=$(hostname)
export MASTER_PORT=3442
export MIOPEN_USER_DB_PATH=/tmp/$USER-miopen
srun -N 2 -n 16 -c 7 --gpus-per-task=1 --gpu-bind=closest bash -c "python -W ignore train.py --local_rank \$SLURM_LOCALID --epochs 4"
