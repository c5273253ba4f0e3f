#!/bin/bash
# family: variables - an mpiexec option held in a variable (ALCF's CPU_BIND scheme on Aurora,
# https://docs.alcf.anl.gov/aurora/running-jobs-aurora/), rank counts computed
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=flare
#PBS -q debug-scaling
#PBS -A Inference
module load frameworks
NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=12
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
CPU_BIND="--cpu-bind=list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100"
mpiexec -n ${NTOTRANKS} -ppn ${NRANKS_PER_NODE} -l --line-buffer ${CPU_BIND} python ddp_xpu.py --steps 50
