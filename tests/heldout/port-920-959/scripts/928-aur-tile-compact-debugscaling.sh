#!/bin/bash -l
#PBS -N vit-aurora
#PBS -A Catalysis_AIML
#PBS -q debug-scaling
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:50:00
#PBS -l filesystems=home:flare
#PBS -k doe
#PBS -j oe

cd ${PBS_O_WORKDIR}
module load frameworks

NNODES=$(wc -l < $PBS_NODEFILE)
NRANKS_PER_NODE=12
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
export MASTER_ADDR=$(head -n1 $PBS_NODEFILE)
export MASTER_PORT=2345
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export FI_MR_CACHE_MONITOR=userfaultfd

# 12 ranks per node, one per tile; cores 0 and 52 are left to the OS
CPU_BIND="list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79"

mpiexec -n ${NTOTRANKS} --ppn ${NRANKS_PER_NODE} --cpu-bind ${CPU_BIND} \
    /soft/tools/mpi_wrapper_utils/gpu_tile_compact.sh \
    python3 train_vit.py --model vit_b_16 --epochs 10 --amp-dtype bf16
