#!/bin/bash
# family: wrappers + fingerprints - Aurora's tile binding helper (https://docs.alcf.anl.gov/aurora/running-jobs-aurora/)
#PBS -l select=2
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare
#PBS -q debug-scaling
#PBS -A MyProject
module load frameworks
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
NNODES=$(wc -l < $PBS_NODEFILE)
RANKS_PER_NODE=12
mpiexec -n $((NNODES * RANKS_PER_NODE)) -ppn ${RANKS_PER_NODE} --cpu-bind list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100 \
    gpu_tile_compact.sh python train_xpu.py --backend ccl
