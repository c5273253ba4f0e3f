#!/bin/bash
# cluster: polaris
# Hand-written: PBS reads a bare walltime as seconds; 180 s is under every Polaris queue's 5 minutes.
# expect: walltime-below-queue error walltime=180
# says: walltime-below-queue walltime 00:03:00, but queue 'debug-scaling'
# absent: nodes-below-queue,nodes-exceed-queue
#PBS -A MyProj
#PBS -q debug-scaling
#PBS -l select=4:system=polaris
#PBS -l walltime=180
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR"
mpiexec -n 16 --ppn 4 python train.py
