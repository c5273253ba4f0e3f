#!/bin/bash
# family: a generic PBS Pro site - one chunk per node with ncpus, ngpus, mpiprocs and ompthreads,
# place=scatter:excl, and mpiexec -np over the chunks' ranks
#PBS -N vit-train
#PBS -l select=2:ncpus=64:ngpus=4:mpiprocs=4:ompthreads=16
#PBS -l place=scatter:excl
#PBS -l walltime=10:00:00
#PBS -j oe
#PBS -r y
cd $PBS_O_WORKDIR
module load cuda/12.2 openmpi/4.1
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpiexec -np 8 --hostfile $PBS_NODEFILE python train_vit.py --epochs 300 --warmup 20
