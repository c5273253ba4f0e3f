#!/bin/bash
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=96:00:00
#PBS -l filesystems=home:eagle
#PBS -q capacity
#PBS -A GraphFM
#PBS -N gnn-papers100m
#PBS -r y

cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load conda/2025-09-25
conda activate base
source /eagle/GraphFM/envs/pyg/bin/activate

export TMPDIR=/tmp
HEAD=$(head -n 1 $PBS_NODEFILE)
NNODES=$(wc -l < $PBS_NODEFILE)
# keep the c10d rendezvous off the ALCF proxy
export no_proxy="localhost,127.0.0.1,${HEAD}"

mpiexec -n ${NNODES} --ppn 1 --depth 32 --cpu-bind depth \
  torchrun --nnodes=${NNODES} --nproc_per_node=4 \
           --rdzv_id=${PBS_JOBID%%.*} --rdzv_backend=c10d --rdzv_endpoint=${HEAD}:29400 \
           train_gnn.py --config configs/ogbn_papers100m.yaml --checkpoint-dir /eagle/GraphFM/ckpt
