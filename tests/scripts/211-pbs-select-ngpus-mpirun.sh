#!/bin/bash
# family: PBS with ngpus in the select chunk and mpirun -np, site unknown
#PBS -N train
#PBS -l select=2:ncpus=32:mpiprocs=4:ngpus=4
#PBS -l walltime=04:00:00
#PBS -q gpu
cd $PBS_O_WORKDIR
module load openmpi cuda
mpirun -np 8 -npernode 4 python train.py --dist-url env://
