#!/bin/bash
#SBATCH -A LRN044
#SBATCH -J gpt13b
#SBATCH -t 02:00:00
#SBATCH -N 4
#SBATCH -p batch
#SBATCH -q debug
#SBATCH -C nvme
#SBATCH -o logs/%x-%j.out

module load PrgEnv-gnu rocm/6.1.3 rccl-net-plugin
source /lustre/orion/lrn044/world-shared/envs/megatron-ds/bin/activate

export MASTER_ADDR=$(hostname)
export MASTER_PORT=6000

TP=8
PP=2
DS_CONFIG=ds_config_gpt13b.json

GPT_ARGS=(
  --tensor-model-parallel-size $TP
  --pipeline-model-parallel-size $PP
  --num-layers 40
  --hidden-size 5120
  --num-attention-heads 40
  --seq-length 2048
  --micro-batch-size 1
  --global-batch-size 256
)
DS_ARGS=(
  --deepspeed
  --deepspeed_config $DS_CONFIG
)

srun --ntasks-per-node=8 --gpus-per-task=1 --gpu-bind=closest -c 7 \
    python pretrain_gpt.py "${GPT_ARGS[@]}" "${DS_ARGS[@]}" --fp16
