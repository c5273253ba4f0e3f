#!/bin/bash -l
# family: wrappers - ALCF's GPU affinity helper between mpiexec and python
# (https://github.com/argonne-lcf/GettingStarted, Examples/Polaris/affinity_gpu)
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=0:30:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=4
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=8 --cpu-bind depth ./set_affinity_gpu_polaris.sh python3 train_vit.py --epochs 3
