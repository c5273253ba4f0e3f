#!/bin/bash
#SBATCH -A CHM188
#SBATCH -J gnn-md
#SBATCH -N 2
#SBATCH -p batch
module load PrgEnv-gnu rocm/6.2.4 miniforge3
#SBATCH -t 01:30:00
source activate /ccs/proj/chm188/envs/pyg

export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
export OMP_NUM_THREADS=7
srun -N 2 -n 16 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest python train_gnn.py --dataset spice --cutoff 5.0
