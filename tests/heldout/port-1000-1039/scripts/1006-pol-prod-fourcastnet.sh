#!/bin/bash -l
#PBS -A DeepClimate
#PBS -q prod
#PBS -l select=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:eagle
#PBS -N fourcastnet
#PBS -o fcn.out
#PBS -e fcn.err

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles; module load conda; conda activate base

export NCCL_NET_GDR_LEVEL=PHB
export NCCL_CROSS_NIC=1
export NCCL_COLLNET_ENABLE=1
export NCCL_NET="AWS Libfabric"
export LD_LIBRARY_PATH=/soft/libraries/aws-ofi-nccl/v1.9.1-aws/lib:/soft/libraries/hwloc/lib/:$LD_LIBRARY_PATH
export FI_CXI_DISABLE_HOST_REGISTER=1
export FI_MR_CACHE_MONITOR=userfaultfd
export FI_CXI_DEFAULT_CQ_SIZE=131072

NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=4
NDEPTH=8

# set_affinity_gpu_polaris.sh (ALCF GettingStarted) sets CUDA_VISIBLE_DEVICES from PMI_LOCAL_RANK
mpiexec -n $(( NNODES * NRANKS_PER_NODE )) --ppn ${NRANKS_PER_NODE} --depth ${NDEPTH} --cpu-bind depth \
    --env OMP_NUM_THREADS=${NDEPTH} \
    ./set_affinity_gpu_polaris.sh python train_fcn.py --yaml_config config/AFNO.yaml --config afno_backbone --run_num 0
