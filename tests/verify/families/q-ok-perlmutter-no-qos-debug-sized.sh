#!/bin/bash
# cluster: perlmutter
# Hand-written with no -q, sized for the debug QOS NERSC gives it (2 nodes, 30 minutes): no limit broken
# (the warning that production jobs name a QOS stays).
# absent: nodes-exceed-queue,nodes-below-queue,walltime-exceeds-queue,walltime-below-queue
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -N 2
#SBATCH --gpus-per-node=4
#SBATCH -t 00:30:00
srun -N 2 --ntasks-per-node=4 python train.py
