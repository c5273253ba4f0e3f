#!/bin/bash -l
#PBS -N mgn-cylinder
#PBS -A AeroML
#PBS -q debug
#PBS -l select=2:system=polaris
#PBS -l place=scatter
#PBS -l walltime=00:55:00
#PBS -l filesystems=home:eagle
#PBS -j oe

cd ${PBS_O_WORKDIR}
module use /soft/modulefiles
module load conda
conda activate base

NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=4
NDEPTH=8
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))

RUN_CMD="mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --depth=${NDEPTH} --cpu-bind depth --env OMP_NUM_THREADS=${NDEPTH}"
RUN_CMD+=" ./set_affinity_gpu_polaris.sh python3 train_meshgraphnet.py --dataset cylinder_flow --steps 200000 --batch 4"
echo "${RUN_CMD}"
eval "${RUN_CMD}"
