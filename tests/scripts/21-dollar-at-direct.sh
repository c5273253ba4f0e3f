#!/bin/bash
# family: variables - "$@" forwarded straight to the program
#PBS -l select=1:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug
#PBS -A MyProject
cd $PBS_O_WORKDIR
module use /soft/modulefiles
module load conda
conda activate base
mpiexec -n 4 --ppn 4 --cpu-bind depth -d 16 python main.py "$@"
