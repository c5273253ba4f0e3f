#!/bin/bash -l
#PBS -N resnet-ddp
#PBS -A Hydro_DL
#PBS -q capacity
#PBS -l select=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=02:30:00
#PBS -l filesystems=home:eagle
#PBS -k doe
#PBS -j oe

cd ${PBS_O_WORKDIR}

module use /soft/modulefiles
module load conda
conda activate base

NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=4
NDEPTH=8
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29400

mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=${NDEPTH} --cpu-bind depth \
    --env OMP_NUM_THREADS=${NDEPTH} \
    python3 train_resnet.py --data /eagle/Hydro_DL/imagenet --epochs 90 --amp
