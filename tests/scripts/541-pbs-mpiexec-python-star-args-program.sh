#!/bin/bash
# family: the program and its arguments from the job's own arguments (qsub -- job.sh train.py ARGS)
# with ${*} under mpiexec
#PBS -l select=2:ncpus=64:ngpus=4
#PBS -l walltime=02:00:00
#PBS -A projy
#PBS -q gpu
cd $PBS_O_WORKDIR
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpiexec -n 8 -ppn 4 python ${*}
