#!/bin/bash -l
#PBS -N resnet50-ddp
#PBS -A DLscaling
#PBS -q debug-scaling
#PBS -l select=2:ncpus=64:ngpus=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -k doe
#PBS -j oe

cd ${PBS_O_WORKDIR}

module use /soft/modulefiles
module load conda
conda activate base

NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=4
NDEPTH=16
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
echo "NUM_OF_NODES= ${NNODES} TOTAL_NUM_RANKS= ${NTOTRANKS} RANKS_PER_NODE= ${NRANKS_PER_NODE} DEPTH= ${NDEPTH}"

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500

# AWS OFI NCCL plugin settings recommended by ALCF
export NCCL_NET_GDR_LEVEL=PHB
export NCCL_CROSS_NIC=1
export NCCL_COLLNET_ENABLE=1
export NCCL_NET="AWS Libfabric"
export LD_LIBRARY_PATH=/soft/libraries/aws-ofi-nccl/v1.9.1-aws/lib:$LD_LIBRARY_PATH
export FI_CXI_DISABLE_HOST_REGISTER=1
export FI_MR_CACHE_MONITOR=userfaultfd
export FI_CXI_DEFAULT_CQ_SIZE=131072

# train_imagenet.py takes its rank from PMI_RANK / PMI_LOCAL_RANK / PMI_SIZE
mpiexec -n 8 --ppn 4 --depth=16 --cpu-bind depth --hostfile $PBS_NODEFILE \
    python train_imagenet.py --arch resnet50 --batch-size 256 --workers 8 \
    --data /eagle/DLscaling/imagenet --epochs 5
