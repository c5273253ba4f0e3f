#!/bin/bash -l
# family: ALCF Polaris, mpiexec options gathered in a string variable and expanded unquoted
#PBS -A MyProject
#PBS -q debug-scaling
#PBS -l select=2:system=polaris
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
cd ${PBS_O_WORKDIR}
NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=4
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
MPI_ARGS="-n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=16 --cpu-bind depth"
OMP_ARGS="--env OMP_NUM_THREADS=16 --env OMP_PLACES=threads"
mpiexec ${MPI_ARGS} ${OMP_ARGS} python3 train_ddp.py --data /eagle/MyProject/data
