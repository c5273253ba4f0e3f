#!/bin/bash -l
# family: wrappers + variables - Polaris: rank counts computed from the node file, the ALCF affinity
# script in front of python (https://docs.alcf.anl.gov/polaris/running-jobs/)
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=0:30:00
#PBS -l filesystems=home:eagle
#PBS -q debug-scaling
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=4
NDEPTH=8
NTHREADS=1
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
module use /soft/modulefiles
module load conda
conda activate
mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=${NDEPTH} --cpu-bind depth \
    --env OMP_NUM_THREADS=${NTHREADS} -env OMP_PLACES=threads \
    ./set_affinity_gpu_polaris.sh python3 main.py --batch-size 64
