#!/bin/bash -l
#PBS -A VAEgen
#PBS -q capacity
#PBS -l select=4:system=polaris
#PBS -l place=scatter
#PBS -l walltime=12:00:00
#PBS -l filesystems=home:eagle
#PBS -N vae-torchrun
#PBS -j oe

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate base

export NCCL_NET_GDR_LEVEL=PHB
export NCCL_CROSS_NIC=1
export NCCL_COLLNET_ENABLE=1
export NCCL_NET="AWS Libfabric"
export FI_MR_CACHE_MONITOR=userfaultfd

NNODES=$(wc -l < $PBS_NODEFILE)
HEAD=$(head -n 1 $PBS_NODEFILE)

# one torchrun agent per node, 4 workers each
mpiexec -n ${NNODES} --ppn 1 --depth 32 --cpu-bind depth torchrun --nnodes ${NNODES} --nproc_per_node 4 --rdzv_id ${PBS_JOBID} --rdzv_backend c10d --rdzv_endpoint ${HEAD}:29400 train_vae.py --epochs 40 --data /eagle/VAEgen/data
