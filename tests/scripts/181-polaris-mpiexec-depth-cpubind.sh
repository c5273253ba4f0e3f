#!/bin/bash -l
# family: ALCF Polaris, one MPI rank per GPU placed by mpiexec --ppn/--depth/--cpu-bind depth
#PBS -A MyProject
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l place=scatter
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:grand
cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate
NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=4
NDEPTH=8
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=${NDEPTH} --cpu-bind depth --env OMP_NUM_THREADS=4 python main.py --epochs 10 --batch-size 64
