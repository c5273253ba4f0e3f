#!/bin/bash
# family: sizes only in a comment with the qsub line; the rank count computed from $PBS_NODEFILE
#   qsub -l select=4 -l walltime=02:00:00 -l filesystems=flare -A MyProj -q prod run_aurora.sh
#PBS -l place=scatter
#PBS -j oe

cd "$PBS_O_WORKDIR"
module load frameworks
NNODES=$(wc -l < "$PBS_NODEFILE")
NRANKS_PER_NODE=12
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind=list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100 \
    python3 train_xpu.py --epochs 12 --amp bf16
