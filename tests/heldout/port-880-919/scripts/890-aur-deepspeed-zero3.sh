#!/bin/bash
#PBS -N ds-z3-13b
#PBS -A ClimateFM
#PBS -q capacity
#PBS -l select=4
#PBS -l place=scatter
#PBS -l walltime=20:00:00
#PBS -l filesystems=home:flare
#PBS -k doe
#PBS -j oe

set -e
cd ${PBS_O_WORKDIR}
module load frameworks

export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export FI_MR_CACHE_MONITOR=userfaultfd

NNODES=$(wc -l < $PBS_NODEFILE)
PPN=12
WORLD=$(( NNODES * PPN ))
export MASTER_ADDR=$(head -1 $PBS_NODEFILE)
export MASTER_PORT=29512

cat > ${PBS_O_WORKDIR}/ds_zero3.json <<'EOF'
{
  "train_batch_size": 384,
  "train_micro_batch_size_per_gpu": 2,
  "bf16": { "enabled": true },
  "zero_optimization": {
    "stage": 3,
    "stage3_param_persistence_threshold": 1e5,
    "reduce_bucket_size": 5e8
  }
}
EOF

mpiexec -n ${WORLD} --ppn ${PPN} \
    --cpu-bind list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    python3 train_climax.py --deepspeed_config ds_zero3.json --model-size 13b --accelerator xpu --epochs 40 \
    --data-dir /lus/flare/projects/ClimateFM/era5
