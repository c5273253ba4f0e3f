#!/bin/bash -l
# family: Polaris affinity wrapper in front of a Horovod program (refused with the reason)
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=0:30:00
#PBS -l filesystems=home:grand
#PBS -q debug
#PBS -A MyAlloc
cd ${PBS_O_WORKDIR}
NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=4
NDEPTH=8
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
module use /soft/modulefiles
module load conda; conda activate
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=${NDEPTH} --cpu-bind depth --env OMP_NUM_THREADS=${NDEPTH} ./set_affinity_gpu_polaris.sh python hvd_train.py --epochs 10
