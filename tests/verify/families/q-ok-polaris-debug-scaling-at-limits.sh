#!/bin/bash
# cluster: polaris
# Hand-written, at every limit of debug-scaling and no further: 10 nodes, 5 minutes.
# absent: nodes-below-queue,nodes-exceed-queue,walltime-below-queue,walltime-exceeds-queue
#PBS -A MyProj
#PBS -q debug-scaling
#PBS -l select=10:system=polaris
#PBS -l walltime=00:05:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR"
mpiexec -n 40 --ppn 4 python train.py
