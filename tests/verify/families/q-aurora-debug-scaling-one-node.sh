#!/bin/bash
# cluster: aurora
# Hand-written: Aurora's debug-scaling takes 2-256 nodes; one node belongs in debug or capacity.
# expect: nodes-below-queue error select=1
# says: nodes-below-queue at least 2 nodes [https://docs.alcf.anl.gov/aurora/running-jobs-aurora/]
# says: nodes-below-queue debug, capacity
#PBS -A MyProj
#PBS -q debug-scaling
#PBS -l select=1
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:flare
cd "$PBS_O_WORKDIR"
mpiexec -n 12 --ppn 12 python train.py
