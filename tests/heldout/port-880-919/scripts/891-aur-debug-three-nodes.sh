#!/bin/bash -l
#PBS -N gnn-scaling
#PBS -A MatSciAI
#PBS -q debug
#PBS -l select=3
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:flare
#PBS -k doe

cd "$PBS_O_WORKDIR"
module load frameworks

export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi

NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=12
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29520

mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} \
    --cpu-bind list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    python3 train_schnet.py --dataset /lus/flare/projects/MatSciAI/oc20 --epochs 5 --device xpu
