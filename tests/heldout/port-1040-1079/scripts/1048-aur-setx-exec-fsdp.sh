#!/bin/bash
#PBS -N fsdp-smoke
#PBS -A CatalystAI
#PBS -q debug
#PBS -l select=1
#PBS -l walltime=00:30:00
#PBS -l filesystems=home:flare
#PBS -j oe

# submit: qsub -v MODEL_CFG=configs/llama_1b_fsdp.yaml fsdp_smoke.pbs
set -x
: "${MODEL_CFG:?no model config: submit with qsub -v MODEL_CFG=<yaml> $0}"

cd "$PBS_O_WORKDIR"
module load frameworks

export MASTER_ADDR=$(hostname)
export MASTER_PORT=29411
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export FI_MR_CACHE_MONITOR=userfaultfd
export TMPDIR=/tmp

exec mpiexec -n 12 -ppn 12 --cpu-bind=list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    python fsdp_train.py --config "$MODEL_CFG" --sharding full_shard --steps 200
