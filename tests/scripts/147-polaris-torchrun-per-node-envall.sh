#!/bin/bash
# family: ALCF Polaris, one torchrun per node by mpiexec -envall, FSDP named by the program's options
#PBS -A MyProj
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:eagle
#PBS -l place=scatter
cd "$PBS_O_WORKDIR" || exit 1
module use /soft/modulefiles
module load conda
conda activate base
MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_ADDR
NNODES=$(wc -l < "$PBS_NODEFILE")
# shellcheck disable=SC2016
mpiexec -n "$NNODES" --ppn 1 -envall bash -c 'torchrun --nnodes='"$NNODES"' --nproc_per_node=4 --node_rank=$PMI_RANK --master_addr=$MASTER_ADDR --master_port=29500 train_fsdp.py --model llama-1b --fsdp'
