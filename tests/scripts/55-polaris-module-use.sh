#!/bin/bash
# family: fingerprints - Polaris: filesystems=home:eagle and module use /soft/modulefiles
#PBS -l select=1:ncpus=64:ngpus=4
#PBS -l walltime=00:20:00
#PBS -l filesystems=home:eagle
#PBS -A myproj
#PBS -q debug
module use /soft/modulefiles
module load conda
conda activate base
torchrun --standalone --nproc_per_node=4 train.py
