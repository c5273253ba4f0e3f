#!/bin/bash -l
# family: not DDP - a CUDA MPI application under mpiexec on Polaris (ALCF example job scripts)
#PBS -l select=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=0:30:00
#PBS -l filesystems=home:eagle
#PBS -q prod
#PBS -A Catalyst
cd ${PBS_O_WORKDIR}
NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=4
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=8 --cpu-bind depth --env OMP_NUM_THREADS=8 ./set_affinity_gpu_polaris.sh ./hello_affinity
