#!/bin/bash -l
# family: cd to the submit directory, then a relative cd into the code before the launch (PBS)
#PBS -l select=2:ngpus=4
#PBS -l walltime=02:00:00
#PBS -q gpu
cd "$PBS_O_WORKDIR"
source env/bin/activate
cd src
mpiexec -n 8 --ppn 4 python train_seg.py --data ../data --epochs 30
