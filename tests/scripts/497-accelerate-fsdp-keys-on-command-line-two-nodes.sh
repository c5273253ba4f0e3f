#!/bin/bash
# family: Accelerate's settings given on the command line instead of a config file (FSDP sharding,
# wrap policy, precision, gradient accumulation, dynamo), once per node under srun
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --time=08:00:00
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash -c "accelerate launch --num_machines 2 --num_processes 8 --machine_rank \$SLURM_NODEID --main_process_ip $HEAD --main_process_port 29500 --mixed_precision fp16 --use_fsdp --fsdp_sharding_strategy SHARD_GRAD_OP --fsdp_auto_wrap_policy TRANSFORMER_BASED_WRAP --fsdp_transformer_layer_cls_to_wrap LlamaDecoderLayer --gradient_accumulation_steps 8 --dynamo_backend inductor train.py --lr 3e-4"
