#!/bin/bash
# family: fingerprints - only oneCCL variables and a module use line point at the cluster
#PBS -l select=2
#PBS -l walltime=01:00:00
#PBS -A proj
#PBS -q prod
module use /soft/modulefiles
module load frameworks
export CCL_KVS_MODE=mpi
export CCL_CONFIGURATION_PATH=""
export ZE_AFFINITY_MASK=0,1
mpiexec -n 24 -ppn 12 python ccl_bench.py
