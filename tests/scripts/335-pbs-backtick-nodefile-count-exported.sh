#!/bin/bash
# family: a PBS job whose node count and head node are exported from the node file in backquotes
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProj
cd $PBS_O_WORKDIR
export NNODES=`wc -l < $PBS_NODEFILE`
export HEAD=`head -n 1 $PBS_NODEFILE`
mpiexec -n $((NNODES * 4)) --ppn 4 python train.py --nodes $NNODES
