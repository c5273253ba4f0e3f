#!/bin/bash -l
#PBS -A ClimateFM
#PBS -q capacity
#PBS -l select=4
#PBS -l place=scatter
#PBS -l walltime=10:00:00
#PBS -l filesystems=home:flare
#PBS -N era5-fm
#PBS -k doe

set -eo pipefail
cd "$PBS_O_WORKDIR"
module load frameworks

export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export FI_MR_CACHE_MONITOR=userfaultfd
export ZE_FLAT_DEVICE_HIERARCHY=FLAT

RUN=/flare/ClimateFM/runs/$PBS_JOBID
CFG_DIR=/flare/ClimateFM/configs
mkdir -p "$RUN"
NNODES=$(wc -l < "$PBS_NODEFILE")
RANKS_PER_NODE=12
export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29611
CPU_BIND=list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79

# 1) shard the ERA5 zarr stores (one rank)
mpiexec -n 1 --ppn 1 python prep_shards.py --src /flare/ClimateFM/era5 --dst "$RUN/shards"

# 2) train: one rank per tile; the DeepSpeed config lives with the project configs
mpiexec -n $(( NNODES * RANKS_PER_NODE )) --ppn ${RANKS_PER_NODE} --cpu-bind=${CPU_BIND} \
  python train_fm.py --deepspeed --deepspeed_config "$CFG_DIR/ds_config.json" --shards "$RUN/shards" --out "$RUN"

# 3) score the last checkpoint (one rank)
mpiexec -n 1 --ppn 1 python evaluate.py --ckpt "$RUN/latest" --out "$RUN/metrics.json"
