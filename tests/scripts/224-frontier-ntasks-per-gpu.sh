#!/bin/bash
# family: OLCF Frontier with --ntasks-per-gpu and the GPUs per node on srun
#SBATCH -A ABC123
#SBATCH -p batch
#SBATCH -N 2
#SBATCH -t 00:30:00
module load PrgEnv-gnu rocm
export MASTER_ADDR=$(hostname -i)
srun -N 2 --gpus-per-node=8 --ntasks-per-gpu=1 -c 7 --gpu-bind=closest python train.py --steps 100
