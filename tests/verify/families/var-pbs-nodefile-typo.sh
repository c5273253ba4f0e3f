#!/bin/bash
# cluster: polaris
# expect: variable-unset error mpiexec
#PBS -A MyProj
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR"
module use /soft/modulefiles
module load conda
conda activate
export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29500
mpiexec -n 40 --ppn 4 --hostfile "$PBS_NODE_FILE" --cpu-bind depth -d 8 python train.py --lr 0.001
