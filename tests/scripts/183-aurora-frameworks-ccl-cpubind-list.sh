#!/bin/bash
# family: ALCF Aurora, frameworks module, CCL settings, 12 ranks per node bound by a core list
#PBS -A MyProject
#PBS -q debug-scaling
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:flare
#PBS -k doe
cd ${PBS_O_WORKDIR}
module load frameworks
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export FI_MR_CACHE_MONITOR=userfaultfd
NNODES=$(wc -l < $PBS_NODEFILE)
RANKS_PER_NODE=12
NRANKS=$(( NNODES * RANKS_PER_NODE ))
CPU_BIND="list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100"
mpiexec -n ${NRANKS} -ppn ${RANKS_PER_NODE} --cpu-bind ${CPU_BIND} -genvall python3 pretrain.py --device xpu --steps 200
