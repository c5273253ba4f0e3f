#!/bin/bash
# family: fingerprints - Polaris known by filesystems=home:eagle and the affinity script (select without system=)
#PBS -l select=1
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
#PBS -q debug
#PBS -A MyProj
cd $PBS_O_WORKDIR
mpiexec -n 4 --ppn 4 ./set_affinity_gpu_polaris.sh python train.py
