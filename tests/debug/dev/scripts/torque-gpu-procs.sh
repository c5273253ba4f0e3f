#!/bin/tcsh
#PBS -l walltime=24:00:00
#PBS -j oe
#PBS -q gpu
#PBS -l procs=60,gpus=1:shared
#PBS -V
#PBS -N TKsimimp
cd $PBS_O_WORKDIR
mpirun -np 60 python simulate.py
