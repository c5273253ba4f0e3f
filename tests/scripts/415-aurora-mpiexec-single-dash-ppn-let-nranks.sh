#!/bin/bash -x
# family: Aurora hands-on style - rank counts from $PBS_NODEFILE with `let`, single-dash -ppn, -l --line-buffer
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:flare
#PBS -q debug-scaling
#PBS -A MyProject

cd "$PBS_O_WORKDIR"
module load frameworks

NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=12
let NRANKS=${NNODES}*${NRANKS_PER_NODE}
TRACE_DIR=./traces/run_$(date +%s)

export ZE_FLAT_DEVICE_HIERARCHY=FLAT
export CCL_PROCESS_LAUNCHER=pmix
CPU_BIND="list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79"

mpiexec -n ${NRANKS} -ppn ${NRANKS_PER_NODE} -l --line-buffer --cpu-bind ${CPU_BIND} \
    python train_ddp.py --epochs 10 --trace-dir ${TRACE_DIR}
