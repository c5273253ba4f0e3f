#!/bin/bash -l
#PBS -N resnet-ddp
#PBS -A EVITA
#PBS -q debug
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:45:00
#PBS -l filesystems=home:eagle
#PBS -j oe

cd ${PBS_O_WORKDIR}

module use /soft/modulefiles
module load conda
conda activate base

NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=4
NDEPTH=8
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29400

echo "NUM_OF_NODES=${NNODES} TOTAL_NUM_RANKS=${NTOTRANKS} RANKS_PER_NODE=${NRANKS_PER_NODE}"

mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth ${NDEPTH} --cpu-bind depth \
    --env OMP_NUM_THREADS=${NDEPTH} --env MASTER_ADDR=${MASTER_ADDR} --env MASTER_PORT=${MASTER_PORT} \
    python train_resnet.py --data /eagle/EVITA/imagenet --arch resnet50 --epochs 8 --workers 6
