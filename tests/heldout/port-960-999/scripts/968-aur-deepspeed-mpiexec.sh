#!/bin/bash
#PBS -N ds-llm
#PBS -A LLMscale
#PBS -q debug-scaling
#PBS -l select=4
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare
#PBS -k doe

cd $PBS_O_WORKDIR
module load frameworks
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export FI_MR_CACHE_MONITOR=userfaultfd

cat > ds_zero1.json <<EOF
{
  "train_batch_size": 384,
  "bf16": {"enabled": true},
  "zero_optimization": {"stage": 1}
}
EOF

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
# no deepspeed launcher: mpiexec starts every rank, deepspeed.init_distributed() finds them via MPI
mpiexec -n 48 --ppn 12 --cpu-bind=list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    python pretrain_llama.py --deepspeed --deepspeed_config ds_zero1.json --seq-length 4096
