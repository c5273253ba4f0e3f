#!/bin/bash
# cluster: polaris
# Hand-written: debug takes 1-2 nodes for 5-60 minutes; 3 nodes for 4 minutes (mm:ss) breaks both.
# expect: nodes-exceed-queue error select=3
# expect: walltime-below-queue error walltime=04:00
# says: nodes-exceed-queue at most 2 [https://docs.alcf.anl.gov/polaris/running-jobs/]
#PBS -A MyProj
#PBS -q debug
#PBS -l select=3:system=polaris
#PBS -l walltime=04:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR"
mpiexec -n 12 --ppn 4 python train.py
