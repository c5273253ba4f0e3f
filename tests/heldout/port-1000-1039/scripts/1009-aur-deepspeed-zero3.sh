#!/bin/bash -l
#PBS -N matformer-z3
#PBS -A MatGen
#PBS -q debug-scaling
#PBS -l select=2
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare
#PBS -j oe

cd ${PBS_O_WORKDIR}
module load frameworks

export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export FI_MR_CACHE_MONITOR=userfaultfd

NHOSTS=$(wc -l < $PBS_NODEFILE)
NGPU_PER_HOST=12
NGPUS=$(( NHOSTS * NGPU_PER_HOST ))

cat > ds_zero3.json <<'JSON'
{
  "train_batch_size": 384,
  "train_micro_batch_size_per_gpu": 8,
  "bf16": {"enabled": true},
  "zero_optimization": {"stage": 3, "overlap_comm": true, "stage3_gather_16bit_weights_on_model_save": true}
}
JSON

mpiexec --verbose --envall -n ${NGPUS} --ppn ${NGPU_PER_HOST} --hostfile="${PBS_NODEFILE}" \
    --cpu-bind=list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    python3 pretrain_matformer.py --deepspeed_config ds_zero3.json --steps 2000 --log-every 20
