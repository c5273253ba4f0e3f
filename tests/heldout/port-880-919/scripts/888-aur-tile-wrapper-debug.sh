#!/bin/bash -l
#PBS -N aurora-vit
#PBS -A FoundEpi
#PBS -q debug
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=00:50:00
#PBS -l filesystems=home:flare
#PBS -k doe

cd "$PBS_O_WORKDIR"
module load frameworks

export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export FI_MR_CACHE_MONITOR=userfaultfd
export ZE_FLAT_DEVICE_HIERARCHY=FLAT

NNODES=$(wc -l < "$PBS_NODEFILE")
NRANKS_PER_NODE=12
NTOTRANKS=$(( NNODES * NRANKS_PER_NODE ))
CPU_BIND="verbose,list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79"

export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29500

# the tile wrapper pins each local rank to one tile (ZE_AFFINITY_MASK)
mpiexec -n "$NTOTRANKS" --ppn "$NRANKS_PER_NODE" --cpu-bind "$CPU_BIND" \
    /soft/tools/mpi_wrapper_utils/gpu_tile_compact.sh \
    python3 train_vit.py --device xpu --backend xccl --model vit_b16 --epochs 2 --data /lus/flare/projects/FoundEpi/imagenet
