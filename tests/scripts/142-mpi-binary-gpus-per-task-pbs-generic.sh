#!/bin/bash
# family: an MPI+CUDA program on a generic PBS Pro site (select chunks with ngpus, mpirun by hostfile)
#PBS -N cg
#PBS -l select=2:ncpus=32:mpiprocs=4:ngpus=4
#PBS -l walltime=01:00:00
#PBS -j oe
cd "$PBS_O_WORKDIR" || exit 1
module load openmpi cuda
mpirun -np 8 --hostfile "$PBS_NODEFILE" ./cg_solver -n 4096
