#!/bin/bash -l
#PBS -A DLio
#PBS -q debug
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
#PBS -N cifar-ddp
#PBS -k doe

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate base

NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=4
NDEPTH=8
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
echo "NUM_OF_NODES= ${NNODES} TOTAL_NUM_RANKS= ${NTOTRANKS} RANKS_PER_NODE= ${NRANKS_PER_NODE}"

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=2345

mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=${NDEPTH} --cpu-bind depth --env OMP_NUM_THREADS=${NDEPTH} ./set_affinity_gpu_polaris.sh python cifar_ddp.py --epochs 3 --batch-size 256
