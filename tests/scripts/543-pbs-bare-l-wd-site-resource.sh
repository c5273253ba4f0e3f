#!/bin/bash
# family: a site's bare -l resource word (NCI Gadi's -l wd: start in the submit directory) and
# -l storage, on a PBS Pro centre maple does not know
#PBS -P xy99
#PBS -q gpuvolta
#PBS -l ngpus=8
#PBS -l ncpus=96
#PBS -l mem=380GB
#PBS -l jobfs=200GB
#PBS -l walltime=04:00:00
#PBS -l storage=scratch/xy99+gdata/xy99
#PBS -l wd
module load pytorch/2.1.0
mpirun -np 8 python train_gadi.py --epochs 20
