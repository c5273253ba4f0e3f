#!/bin/bash
# cluster: polaris
# Hand-written: prod's 12-node jobs run in its small class, at most 3 hours (24 h is for 100+ nodes).
# expect: walltime-exceeds-queue error walltime=04:00:00
# says: walltime-exceeds-queue jobs of 10-24 nodes
# says: walltime-exceeds-queue [https://docs.alcf.anl.gov/polaris/running-jobs/]
# absent: nodes-below-queue,nodes-exceed-queue,walltime-below-queue
#PBS -A MyProj
#PBS -q prod
#PBS -l select=12:system=polaris
#PBS -l walltime=04:00:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR"
mpiexec -n 48 --ppn 4 python train.py
