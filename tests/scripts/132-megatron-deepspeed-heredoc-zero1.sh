#!/bin/bash
# family: Megatron-DeepSpeed: the ZeRO config written by the script, TP/PP from variables
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --time=10:00:00
TP=2
PP=2
ZERO_STAGE=1
cat <<EOT > ds_config.json
{
  "train_micro_batch_size_per_gpu": 4,
  "zero_optimization": { "stage": ${ZERO_STAGE} },
  "bf16": { "enabled": true }
}
EOT
scontrol show hostnames "$SLURM_JOB_NODELIST" | sed 's/$/ slots=8/' > hostfile
deepspeed --hostfile hostfile --num_nodes 2 --num_gpus 8 pretrain_gpt.py --tensor-model-parallel-size ${TP} --pipeline-model-parallel-size ${PP} --num-layers 24 --deepspeed --deepspeed_config ds_config.json --zero-stage ${ZERO_STAGE}
