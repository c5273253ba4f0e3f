#!/bin/bash
#SBATCH --job-name=sft-fsdp
#SBATCH --account=cis250144-gpu
#SBATCH --partition=gpu
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=10:00:00

module load modtree/gpu
module load conda/2025.09
conda activate sft

cat > fsdp.yaml <<EOF
compute_environment: LOCAL_MACHINE
distributed_type: FSDP
mixed_precision: bf16
num_machines: 1
num_processes: 4
machine_rank: 0
fsdp_config:
  fsdp_sharding_strategy: FULL_SHARD
  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP
  fsdp_state_dict_type: SHARDED_STATE_DICT
EOF

accelerate launch --config_file fsdp.yaml train_sft.py --model Qwen/Qwen2.5-3B --max-seq-len 4096 --lr 2e-5
