#!/bin/bash
# family: OLCF Frontier debug QOS, one node, srun with --ntasks-per-node=8 and -c7
#SBATCH -A ABC123
#SBATCH -J dbg
#SBATCH -p batch
#SBATCH -q debug
#SBATCH -N 1
#SBATCH -t 00:20:00
module load PrgEnv-gnu rocm/6.2.4
export MASTER_ADDR=$(hostname)
srun -N1 --ntasks-per-node=8 -c7 --gpus-per-task=1 --gpu-bind=closest python3 bench.py
