#!/bin/bash
# family: site options - resources on the qsub line (qsub -l select=2 -l walltime=1:00:00 -A P -q debug job.sh)
cd $PBS_O_WORKDIR
NNODES=$(wc -l < $PBS_NODEFILE)
mpiexec -n $((NNODES * 4)) --ppn 4 --hostfile $PBS_NODEFILE python train.py
