#!/bin/bash
#PBS -l select=2:system=sunspot
#PBS -l walltime=00:30:00
#PBS -q workq
#PBS -A MyProj
cd "$PBS_O_WORKDIR"
module load frameworks
mpiexec -n 24 --ppn 12 python train.py
