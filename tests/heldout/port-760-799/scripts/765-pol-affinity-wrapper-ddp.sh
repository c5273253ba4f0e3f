#!/bin/bash -l
#PBS -A CosmoSim
#PBS -q debug
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:45:00
#PBS -l filesystems=home:eagle
#PBS -N resnet-ddp
#PBS -k doe

cd ${PBS_O_WORKDIR}

module use /soft/modulefiles
module load conda
conda activate base

NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=4
NDEPTH=8
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=2345
export NCCL_NET_GDR_LEVEL=PHB
export NCCL_CROSS_NIC=1

# the wrapper reverses the GPU order per local rank (Polaris topology)
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=${NDEPTH} --cpu-bind depth \
    --env OMP_NUM_THREADS=4 \
    ./set_affinity_gpu_polaris.sh python train_resnet.py --arch resnet50 --epochs 30 --workers 4
