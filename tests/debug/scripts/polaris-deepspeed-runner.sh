#!/bin/bash -l
#PBS -N gpt-ds
#PBS -A LLMscale
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l place=scatter
#PBS -l walltime=03:00:00
#PBS -l filesystems=home:eagle
#PBS -k doe

# Adapted from maple's polaris-deepspeed template: deepspeed runner with a hostfile (ALCF's second option).

cd "$PBS_O_WORKDIR" || exit 1

module use /soft/modulefiles
module load conda
conda activate base

export NCCL_NET_GDR_LEVEL=PHB
export NCCL_CROSS_NIC=1
export NCCL_COLLNET_ENABLE=1
export NCCL_NET="AWS Libfabric"
export LD_LIBRARY_PATH=/soft/libraries/aws-ofi-nccl/v1.9.1-aws/lib:/soft/libraries/hwloc/lib/:$LD_LIBRARY_PATH
export FI_CXI_DISABLE_HOST_REGISTER=1
export FI_MR_CACHE_MONITOR=userfaultfd
export FI_CXI_DEFAULT_CQ_SIZE=131072

sed 's/$/ slots=4/' "$PBS_NODEFILE" > hostfile
{
  echo "PATH=$PATH"
  echo "LD_LIBRARY_PATH=$LD_LIBRARY_PATH"
  echo "http_proxy=http://proxy.alcf.anl.gov:3128"
  echo "https_proxy=http://proxy.alcf.anl.gov:3128"
} > .deepspeed_env

deepspeed --hostfile=hostfile pretrain.py --model gpt-1.3b --micro-batch-size 8 --deepspeed --deepspeed_config ds_config_zero3.json
