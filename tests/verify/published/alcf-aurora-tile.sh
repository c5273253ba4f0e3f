#!/bin/bash -l
# cluster: aurora
# family: wrappers - Aurora tile wrapper, twelve ranks per node, CPU list binding
# modelled on https://docs.alcf.anl.gov/aurora/running-jobs-aurora/ (gpu_tile_compact.sh) and
# https://docs.alcf.anl.gov/aurora/data-science/frameworks/pytorch/
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:flare
#PBS -q debug
#PBS -A MyProject
cd ${PBS_O_WORKDIR}
module load frameworks
NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=12
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
CPU_BIND="list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100"
mpiexec -n ${NTOTRANKS} -ppn ${NRANKS_PER_NODE} --cpu-bind=${CPU_BIND} gpu_tile_compact.sh \
    python3 train.py --backend xccl
