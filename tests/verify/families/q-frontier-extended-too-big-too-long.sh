#!/bin/bash
# cluster: frontier
# Hand-written: extended takes at most 64 nodes for 24 hours; 65 nodes for 30 hours breaks both.
# expect: nodes-exceed-queue error -N 65
# expect: walltime-exceeds-queue error -t 30:00:00
# says: walltime-exceeds-queue allows at most 24:00:00
#SBATCH -A ABC123
#SBATCH -p extended
#SBATCH -N 65
#SBATCH -t 30:00:00
srun -N 65 -n 520 --ntasks-per-node=8 --gpus-per-task=1 python train.py
