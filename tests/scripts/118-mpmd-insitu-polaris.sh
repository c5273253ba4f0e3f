#!/bin/bash
# family: MPMD - a simulation and an online trainer started together by one mpiexec (A : B), the in-situ
# training pattern of ALCF workflow examples; two programs in one launch
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -q debug-scaling
#PBS -A insitu_proj
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR" || exit 1
module use /soft/modulefiles
module load conda
conda activate base
PROCS=8
mpiexec -n $PROCS --ppn 4 python simulation.py --steps 100 : -n $PROCS --ppn 4 python train.py --online
