#!/bin/bash -l
#PBS -N ds-zero2-ft
#PBS -A AIRxnPred
#PBS -q debug-scaling
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:45:00
#PBS -l filesystems=home:eagle
#PBS -k doe
#PBS -j oe

cd ${PBS_O_WORKDIR}

module use /soft/modulefiles
module load conda
conda activate base

# AWS OFI NCCL plugin settings from the ALCF NCCL page
export NCCL_NET_GDR_LEVEL=PHB
export NCCL_CROSS_NIC=1
export NCCL_COLLNET_ENABLE=1
export NCCL_NET="AWS Libfabric"
export LD_LIBRARY_PATH=/soft/libraries/aws-ofi-nccl/v1.9.1-aws/lib:/soft/libraries/hwloc/lib/:$LD_LIBRARY_PATH
export FI_CXI_DISABLE_HOST_REGISTER=1
export FI_MR_CACHE_MONITOR=userfaultfd
export FI_CXI_DEFAULT_CQ_SIZE=131072
export TMPDIR=/tmp

NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=4
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500

cat > ds_config.json <<'JSON'
{
  "train_micro_batch_size_per_gpu": 4,
  "gradient_accumulation_steps": 8,
  "bf16": {"enabled": true},
  "zero_optimization": {
    "stage": 2,
    "overlap_comm": true,
    "contiguous_gradients": true
  }
}
JSON

# GPU order is reversed relative to NUMA order on Polaris: rank 0 (GPU0) -> cores 24-31
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind verbose,list:24-31:16-23:8-15:0-7 --envall \
    python3 finetune_chem.py --deepspeed --deepspeed_config ds_config.json --epochs 3 --data /eagle/AIRxnPred/uspto
