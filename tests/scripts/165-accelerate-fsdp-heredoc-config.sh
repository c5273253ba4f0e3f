#!/bin/bash
# family: the accelerate config written by the script (FSDP), then accelerate launch on one node
#SBATCH -N 1
#SBATCH --gpus-per-node=8
#SBATCH -t 08:00:00
cat > fsdp.yaml <<'YAML'
compute_environment: LOCAL_MACHINE
distributed_type: FSDP
num_machines: 1
num_processes: 8
fsdp_config:
  fsdp_sharding_strategy: FULL_SHARD
mixed_precision: bf16
YAML
accelerate launch --config_file fsdp.yaml train.py --model llama
