#!/bin/bash
# cluster: aurora
# expect: variable-unset error MASTER_ADDR=
#PBS -A MyProj
#PBS -q debug-scaling
#PBS -l select=4
#PBS -l walltime=00:45:00
#PBS -l filesystems=home:flare
cd "$PBS_O_WORKDIR"
module load frameworks
first_host=$(head -n 1 "$PBS_NODEFILE")
export MASTER_ADDR=${firsthost}
export MASTER_PORT=29500
export CCL_ATL_TRANSPORT=mpi
mpiexec -n 48 --ppn 12 python train.py --backend ccl
