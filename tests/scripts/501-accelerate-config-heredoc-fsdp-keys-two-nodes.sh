#!/bin/bash
# family: the job writes its own Accelerate config (FSDP with a wrap policy, a sharded state dict,
# gradient accumulation) with a quoted heredoc and names it on the launch line, once per node
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=12:00:00
cat > fsdp_cfg.yaml <<'YAML'
compute_environment: LOCAL_MACHINE
distributed_type: FSDP
fsdp_config:
  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP
  fsdp_transformer_layer_cls_to_wrap: Qwen2DecoderLayer
  fsdp_sharding_strategy: HYBRID_SHARD
  fsdp_state_dict_type: SHARDED_STATE_DICT
gradient_accumulation_steps: 4
mixed_precision: bf16
num_machines: 2
num_processes: 8
YAML
MAIN_IP=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c "accelerate launch --config_file fsdp_cfg.yaml --machine_rank \$SLURM_NODEID --main_process_ip $MAIN_IP --main_process_port 29500 train.py --lr 1e-4"
