#!/bin/bash
#SBATCH -N 2 -n 48
module load intel-mpi/2018
export I_MPI_FABRICS=shm:dapl
export I_MPI_FALLBACK=0
mpirun ./cfd_case
