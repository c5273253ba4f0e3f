#!/bin/bash
# cluster: polaris
# Hand-written: demand is by request only (ALCF's queue table): a warning citing the rule, not an error.
# expect: queue-restricted warning -q demand
# says: queue-restricted by request only
# absent: nodes-below-queue,nodes-exceed-queue,walltime-below-queue,walltime-exceeds-queue
#PBS -A MyProj
#PBS -q demand
#PBS -l select=4:system=polaris
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR"
mpiexec -n 16 --ppn 4 python train.py
