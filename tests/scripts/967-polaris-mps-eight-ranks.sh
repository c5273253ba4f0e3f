#!/bin/bash -l
# s24: MPS on, eight ranks per node on four GPUs (two per GPU on purpose), MPS off
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProj

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
NNODES=$(wc -l < $PBS_NODEFILE)
RANKS_PER_NODE=8
mpiexec -n ${NNODES} --ppn 1 ./enable_mps_polaris.sh
mpiexec -n $((NNODES * RANKS_PER_NODE)) --ppn ${RANKS_PER_NODE} --depth 4 --cpu-bind depth ./set_affinity_gpu_polaris.sh python md_surrogate.py --ensemble 16
mpiexec -n ${NNODES} --ppn 1 ./disable_mps_polaris.sh
