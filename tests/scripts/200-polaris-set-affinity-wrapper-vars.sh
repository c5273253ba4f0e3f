#!/bin/bash -l
# family: ALCF Polaris with the GPU affinity helper and depth binding from variables
#PBS -A MyProject
#PBS -q debug-scaling
#PBS -l select=8:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda; conda activate
export NCCL_NET_GDR_LEVEL=PHB
export NCCL_CROSS_NIC=1
NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=$(nvidia-smi -L | wc -l)
NDEPTH=8
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=${NDEPTH} --cpu-bind depth ./set_affinity_gpu_polaris.sh python3 train.py --dist-backend nccl
