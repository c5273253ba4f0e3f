#!/bin/bash -l
#PBS -N unet-xpu
#PBS -A MaterialsAI
#PBS -q debug
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:50:00
#PBS -l filesystems=home:flare
#PBS -o /flare/MaterialsAI/logs/unet.out
#PBS -k doe

cd ${PBS_O_WORKDIR}
module load frameworks

export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export FI_MR_CACHE_MONITOR=userfaultfd
export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE | cut -d. -f1)
export MASTER_PORT=29500

NNODES=$(wc -l < $PBS_NODEFILE)
RANKS_PER_NODE=12
CPU_BIND="verbose,list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79"

mpiexec -n $(( NNODES * RANKS_PER_NODE )) -ppn ${RANKS_PER_NODE} --cpu-bind ${CPU_BIND} \
    python train_unet.py --epochs 5 --data data/micro
