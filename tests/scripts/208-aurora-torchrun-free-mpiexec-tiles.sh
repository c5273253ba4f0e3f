#!/bin/bash
# family: ALCF Aurora, ZE_FLAT_DEVICE_HIERARCHY and an explicit tile list, mpiexec ranks
#PBS -A MyProject
#PBS -q debug-scaling
#PBS -l select=4
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare
module load frameworks
export ZE_FLAT_DEVICE_HIERARCHY=FLAT
export CCL_KVS_MODE=mpi
export CCL_KVS_CONNECTION_TIMEOUT=600
NNODES=$(cat $PBS_NODEFILE | wc -l)
PPN=12
mpiexec --np $((NNODES*PPN)) --ppn $PPN --cpu-bind depth -d 8 --no-vni python -u resnet_ddp.py --epochs 2
