#!/bin/bash -l
#PBS -N bert-large
#PBS -A NLPscale
#PBS -q debug-scaling
#PBS -l select=2:ncpus=64:ngpus=8:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:50:00
#PBS -l filesystems=home:eagle

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate base

NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=8
NDEPTH=8
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)

mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth ${NDEPTH} --cpu-bind depth \
    ./set_affinity_gpu_polaris.sh python run_pretraining.py --config bert_large.json --max-steps 2000 --output /eagle/NLPscale/bert
