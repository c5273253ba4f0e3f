#!/bin/bash
# family: ALCF Aurora with select=2:ncpus=208, filesystems=flare, CCL over PMIx, 4 ranks per node
#PBS -A MyProj
#PBS -k doe
#PBS -l select=2:ncpus=208
#PBS -q debug
#PBS -l walltime=00:10:00
#PBS -l filesystems=flare
#PBS -j oe
module load frameworks
cd "$PBS_O_WORKDIR" || exit 1
NNODES=$(wc -l < "$PBS_NODEFILE")
RANKS_PER_NODE=4
NRANKS=$(( NNODES * RANKS_PER_NODE ))
CPU_BINDING="list:4:9:14:19"
export CCL_ATL_TRANSPORT=mpi
export CCL_PROCESS_LAUNCHER=pmix
export PALS_PMI=pmix
MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_ADDR
export MASTER_PORT=29500
mpiexec --np ${NRANKS} --ppn ${RANKS_PER_NODE} --cpu-bind ${CPU_BINDING} --pmi=pmix python bench_ddp.py
