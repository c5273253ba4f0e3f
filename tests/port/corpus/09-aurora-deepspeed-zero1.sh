#!/bin/bash
#PBS -l select=4
#PBS -l place=scatter
#PBS -l walltime=01:00:00
#PBS -l filesystems=home:flare
#PBS -q debug-scaling
#PBS -A LLM_Pretrain
#PBS -N llama-zero1

cd ${PBS_O_WORKDIR}
module load frameworks
source /lus/flare/projects/LLM_Pretrain/envs/ds-venv/bin/activate

export CCL_PROCESS_LAUNCHER=pmix
export CCL_ATL_TRANSPORT=mpi
export CCL_KVS_MODE=mpi
export FI_MR_CACHE_MONITOR=userfaultfd

export MASTER_ADDR=$(head -n 1 "$PBS_NODEFILE")
export MASTER_PORT=29500
export WANDB_MODE=disabled

DS_CONFIG=ds_zero1.json
cat > $DS_CONFIG << EOT
{
  "train_micro_batch_size_per_gpu": 2,
  "gradient_accumulation_steps": 8,
  "bf16": {"enabled": true},
  "zero_optimization": {"stage": 1},
  "steps_per_print": 10
}
EOT

# 4 nodes x 12 tiles = 48 ranks
mpiexec --np 48 --ppn 12 --cpu-bind=list:4-7:8-11:12-15:16-19:20-23:24-27:56-59:60-63:64-67:68-71:72-75:76-79 --hostfile $PBS_NODEFILE \
  bash -c 'export RANK=$PALS_RANKID LOCAL_RANK=$PALS_LOCAL_RANKID WORLD_SIZE=48; python3 -u pretrain_llama.py --deepspeed --deepspeed_config ds_zero1.json --seq-length 4096 --train-iters 2000'
