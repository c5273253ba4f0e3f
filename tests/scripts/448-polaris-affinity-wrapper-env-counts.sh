#!/bin/bash
# family: Polaris's documented counts in variables (ranks per node, depth, threads) and the GPU affinity
# wrapper before the program; mpiexec's --env passes the thread count
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:grand
#PBS -q debug
#PBS -A affproj
cd ${PBS_O_WORKDIR}
NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=4
NDEPTH=8
NTHREADS=1
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=2345
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=${NDEPTH} --cpu-bind depth --env OMP_NUM_THREADS=${NTHREADS} ./set_affinity_gpu_polaris.sh python train.py --epochs 4
