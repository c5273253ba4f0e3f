#!/bin/bash
# cluster: perlmutter
# Hand-written: the debug QOS takes at most 8 nodes for 30 minutes; 9 nodes for 45 minutes breaks both.
# expect: nodes-exceed-queue error -N 9
# expect: walltime-exceeds-queue error -t 00:45:00
# says: walltime-exceeds-queue allows at most 00:30:00
# says: nodes-exceed-queue regular
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q debug
#SBATCH -N 9
#SBATCH --gpus-per-node=4
#SBATCH -t 00:45:00
srun -N 9 --ntasks-per-node=4 python train.py
