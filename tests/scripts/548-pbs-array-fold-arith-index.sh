#!/bin/bash -l
# family: a PBS array (one cross-validation fold per element) whose fold number is computed from the
# bare PBS_ARRAY_INDEX in arithmetic; a port to Slurm must rename it there
#PBS -l select=1:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q preemptable
#PBS -A CVproj
#PBS -J 1-5
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate base
FOLD=$((PBS_ARRAY_INDEX - 1))
mpiexec -n 4 --ppn 4 --depth=8 --cpu-bind depth python cv_train.py --fold ${FOLD} --folds 5
