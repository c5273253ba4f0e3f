#!/bin/bash
# family: ALCF Polaris: mpiexec -d and -env NAME=VALUE pairs before the program
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=0:30:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProj
cd "${PBS_O_WORKDIR}" || exit 1
module use /soft/modulefiles
module load conda
conda activate
MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
mpiexec -n 8 -ppn 4 -d 16 --cpu-bind depth -env MASTER_ADDR="$MASTER_ADDR" -env MASTER_PORT=29500 python train.py --bs 128
