#!/bin/bash
# family: node rank - PBS, node count and master from $PBS_NODEFILE, node rank from PMI inside bash -c
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:grand
#PBS -q prod
#PBS -A AIProj

cd ${PBS_O_WORKDIR}
NNODES=$(wc -l < "$PBS_NODEFILE")
export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
mpiexec -n "$NNODES" --ppn 1 --depth 64 --cpu-bind depth bash -c \
  "torchrun --nnodes=$NNODES --nproc_per_node=4 --node_rank=\$PMI_RANK --master_addr=$MASTER_ADDR --master_port=29400 finetune.py --bf16"
