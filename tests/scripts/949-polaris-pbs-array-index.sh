#!/bin/bash -l
# widen: a PBS array job, the index in the arguments
#PBS -N ensemble
#PBS -A EnsProj
#PBS -q preemptable
#PBS -J 0-7
#PBS -l select=1:system=polaris
#PBS -l walltime=03:00:00
#PBS -l filesystems=home:eagle

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
mpiexec -n 4 --ppn 4 --depth 8 --cpu-bind depth python train_ensemble.py --member $PBS_ARRAY_INDEX --epochs 50
