#!/bin/bash
# family: ALCF Aurora: frameworks module, CCL settings, ranks from the node file, tile affinity script
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=flare
#PBS -A MyProject
#PBS -q debug-scaling

cd ${PBS_O_WORKDIR}
module load frameworks
export CCL_KVS_MODE=mpi
export CCL_PROCESS_LAUNCHER=pmix

NNODES=`wc -l < $PBS_NODEFILE`
NRANKS_PER_NODE=12
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))

mpiexec --envall --no-vni -n ${NTOTRANKS} -ppn ${NRANKS_PER_NODE} -l --line-buffer \
    --cpu-bind=list:1-8:9-16:17-24:25-32:33-40:41-48:53-60:61-68:69-76:77-84:85-92:93-100 \
    gpu_tile_compact.sh python3 pytorch_ddp.py --batch 64
