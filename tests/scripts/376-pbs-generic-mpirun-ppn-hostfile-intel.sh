#!/bin/bash
# family: a generic PBS Pro site (no known cluster): select with ngpus, Intel-MPI-style mpirun -ppn
#PBS -N ddp
#PBS -l select=2:ncpus=32:ngpus=4:mpiprocs=4
#PBS -l walltime=02:00:00
#PBS -q gpu

cd $PBS_O_WORKDIR
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpirun -np 8 -ppn 4 -f $PBS_NODEFILE python train.py --epochs 2
