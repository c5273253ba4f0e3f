#!/bin/bash
#PBS -A GenomeLM
#PBS -q debug-scaling
#PBS -l select=8
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare:daos_user_fs
#PBS -N z3-7b

cd ${PBS_O_WORKDIR}
module load frameworks
source /flare/GenomeLM/venvs/ds/bin/activate    # venv --system-site-packages on top of frameworks

NNODES=$(wc -l < $PBS_NODEFILE)
RANKS_PER_NODE=12

cat > ds_z3.json <<JSON
{
  "train_batch_size": $(( NNODES * RANKS_PER_NODE * 2 )),
  "train_micro_batch_size_per_gpu": 2,
  "zero_optimization": { "stage": 3, "stage3_gather_16bit_weights_on_model_save": true },
  "bf16": { "enabled": true }
}
JSON

export MASTER_ADDR=$(head -n 1 $PBS_NODEFILE)
export MASTER_PORT=29500
export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi

mpiexec -n $(( NNODES * RANKS_PER_NODE )) --ppn ${RANKS_PER_NODE} \
    --cpu-bind=list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 \
    python pretrain_llm.py --deepspeed --deepspeed_config ds_z3.json --model-size 7b
