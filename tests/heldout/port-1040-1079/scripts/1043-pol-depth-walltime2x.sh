#!/bin/bash -l
#PBS -N schnet-scaling
#PBS -A GeoAI_sci
#PBS -q debug-scaling
#PBS -l select=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
#PBS -k doe
#PBS -j oe
#PBS -l walltime=01:00:00

# (the second walltime line was added for the longer validation pass; PBS keeps the last one)

cd "${PBS_O_WORKDIR:?this script must run under PBS}"

module use /soft/modulefiles
module load conda
conda activate base

NNODES=$(wc -l < "$PBS_NODEFILE")
NRANKS_PER_NODE=4
NDEPTH=8
NTHREADS=4
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
echo "NUM_OF_NODES=${NNODES} TOTAL_NUM_RANKS=${NTOTRANKS} RANKS_PER_NODE=${NRANKS_PER_NODE} THREADS_PER_RANK=${NTHREADS}"

export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29500
export TMPDIR=/tmp

export NCCL_NET_GDR_LEVEL=PHB
export NCCL_CROSS_NIC=1
export NCCL_COLLNET_ENABLE=1
export NCCL_NET="AWS Libfabric"
export LD_LIBRARY_PATH=/soft/libraries/aws-ofi-nccl/v1.9.1-aws/lib:/soft/libraries/hwloc/lib/:$LD_LIBRARY_PATH
export FI_CXI_DISABLE_HOST_REGISTER=1
export FI_MR_CACHE_MONITOR=userfaultfd
export FI_CXI_DEFAULT_CQ_SIZE=131072

# set_affinity_gpu_polaris.sh (ALCF GettingStarted) sets CUDA_VISIBLE_DEVICES from PMI_LOCAL_RANK
mpiexec -n ${NTOTRANKS} -ppn ${NRANKS_PER_NODE} --depth=${NDEPTH} --cpu-bind depth --env OMP_NUM_THREADS=${NTHREADS} \
    ./set_affinity_gpu_polaris.sh python3 train_schnet.py --epochs 20 --dataset qm9 --batch-size 256
