#!/bin/bash -l
# shape: a PBS array over cross-validation folds, torchrun standalone on one node
#PBS -A MyProj
#PBS -q preemptable
#PBS -l select=1:system=polaris
#PBS -l walltime=03:00:00
#PBS -l filesystems=home:eagle
#PBS -J 1-5

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles; module load conda; conda activate
torchrun --standalone --nproc_per_node=4 train.py --fold $PBS_ARRAY_INDEX --epochs 20
