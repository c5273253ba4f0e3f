#!/bin/bash -l
# family: sh -c 'STRING' NAME ARGS under mpiexec, one task per node: the string uses the node's rank
# and hands its own arguments ("$@") to torchrun; ALCF Polaris
#PBS -A MyProject
#PBS -q debug-scaling
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle

cd "$PBS_O_WORKDIR"
module use /soft/modulefiles
module load conda
conda activate base
export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
mpiexec -n 2 --ppn 1 sh -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$PMI_RANK --master_addr=$MASTER_ADDR --master_port=29500 "$@"' torchrun-node finetune_llm.py --lr 2e-5 --bf16
