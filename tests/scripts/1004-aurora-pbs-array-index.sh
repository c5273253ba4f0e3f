#!/bin/bash
# shape: a PBS job array; each element runs one trial on one node, its index as the argument
#PBS -A MyProj
#PBS -q debug
#PBS -l select=1
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare
#PBS -J 0-7

cd "$PBS_O_WORKDIR"
module load frameworks
mpiexec -n 12 --ppn 12 python sweep.py --trial $PBS_ARRAY_INDEX
