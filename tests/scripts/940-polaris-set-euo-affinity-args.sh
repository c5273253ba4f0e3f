#!/bin/bash -l
# widen: strict mode, the arguments in a string variable, ALCF's affinity wrapper before python
#PBS -N cosmo
#PBS -A CosmoProj
#PBS -q debug-scaling
#PBS -l select=2:system=polaris
#PBS -l walltime=00:45:00
#PBS -l filesystems=home:eagle
set -euo pipefail

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=4
NTOTRANKS=$((NNODES * NRANKS_PER_NODE))
ARGS="--epochs 10 --lr 0.01 --data /eagle/CosmoProj/data"
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth 8 --cpu-bind depth ./set_affinity_gpu_polaris.sh python train_cosmo.py $ARGS
