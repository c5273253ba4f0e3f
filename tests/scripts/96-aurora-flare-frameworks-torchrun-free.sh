#!/bin/bash -l
# family: fingerprints - Aurora: filesystems=flare:home, module load frameworks, CCL variables,
# mpiexec -ppn 12 (https://docs.alcf.anl.gov/aurora/data-science/frameworks/pytorch/)
#PBS -l select=4
#PBS -l walltime=01:00:00
#PBS -l filesystems=flare:home
#PBS -q prod
#PBS -A AuroraGPT
cd ${PBS_O_WORKDIR}
module load frameworks
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
NNODES=$(wc -l < $PBS_NODEFILE)
mpiexec -n $((NNODES * 12)) -ppn 12 --cpu-bind list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100 \
    python3 train.py --device xpu
