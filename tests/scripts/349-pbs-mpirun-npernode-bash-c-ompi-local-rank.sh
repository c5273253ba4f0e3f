#!/bin/bash
# family: Open MPI under PBS: one rank per GPU (-npernode 4), the local rank from Open MPI's own
# variable expanded per rank in a single-quoted bash -c, MASTER_ADDR exported to the ranks with -x
#PBS -N ompi-ddp
#PBS -l select=2:ncpus=64:ngpus=4:mpiprocs=4
#PBS -l walltime=04:00:00
#PBS -q gpu

cd $PBS_O_WORKDIR
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
mpirun -np 8 -npernode 4 -x MASTER_ADDR -x MASTER_PORT bash -c 'python train.py --local_rank $OMPI_COMM_WORLD_LOCAL_RANK --cfg cfg/base.yaml'
