#!/bin/bash
#PBS -A NeuroViT
#PBS -q debug
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:eagle
#PBS -N vit-ft

cd ${PBS_O_WORKDIR}
module load frameworks

export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export FI_MR_CACHE_MONITOR=userfaultfd

NNODES=$(wc -l < $PBS_NODEFILE)
mpiexec -n $(( NNODES * 12 )) --ppn 12 \
    --cpu-bind=verbose,list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    python3 finetune_vit.py --lr 3e-4 --epochs 5
