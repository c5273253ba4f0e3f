#!/bin/bash -l
#PBS -N resnet-ddp
#PBS -A DLscale
#PBS -q debug
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:45:00
#PBS -l filesystems=home:eagle
#PBS -k doe
#PBS -j oe

cd "${PBS_O_WORKDIR}"

module use /soft/modulefiles
module load conda
conda activate base

NNODES=$(wc -l < "$PBS_NODEFILE")
NRANKS_PER_NODE=4
NDEPTH=8
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
echo "nodes=${NNODES} ranks=${NTOTRANKS} ranks/node=${NRANKS_PER_NODE}"

export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29400
export NCCL_NET_GDR_LEVEL=PHB
export NCCL_CROSS_NIC=1
export NCCL_COLLNET_ENABLE=1
export NCCL_NET="AWS Libfabric"
export LD_LIBRARY_PATH=/soft/libraries/aws-ofi-nccl/v1.9.1-aws/lib:$LD_LIBRARY_PATH
export FI_CXI_DISABLE_HOST_REGISTER=1
export FI_MR_CACHE_MONITOR=userfaultfd

# the wrapper sets CUDA_VISIBLE_DEVICES from PMI_LOCAL_RANK (GPU order is reversed w.r.t. NUMA on Polaris);
# train_resnet.py takes RANK/WORLD_SIZE from PMI_RANK/PMI_SIZE
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=${NDEPTH} --cpu-bind depth \
    ./set_affinity_gpu_polaris.sh python train_resnet.py --arch resnet50 --epochs 30 --data /eagle/DLscale/imagenet
