#!/bin/bash
# cluster: polaris
# absent: variable-unset
# no-errors
#PBS -A MyProj
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:eagle
cd "$PBS_O_WORKDIR"
module use /soft/modulefiles
module load conda
conda activate
export MASTER_ADDR=${HEAD:-$(head -n 1 "$PBS_NODEFILE")}
export MASTER_PORT=${PORT:-29500}
NRANKS=${NRANKS_PER_NODE:-4}
mpiexec -n 40 --ppn $NRANKS --cpu-bind depth -d 8 python train.py --lr 0.001
