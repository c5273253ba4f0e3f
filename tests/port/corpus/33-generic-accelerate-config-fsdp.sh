#!/bin/bash
#SBATCH --job-name=mixtral-fsdp
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=96
#SBATCH --partition=hopper-prod
#SBATCH --time=72:00:00
#SBATCH --output=/fsx/jdoe/logs/%x-%j.out

set -euo pipefail

source /fsx/jdoe/miniconda3/bin/activate alignment

export HF_HOME=/fsx/jdoe/.cache/huggingface
export WANDB_PROJECT=mixtral-dpo

cat > fsdp.yaml <<'YAML'
compute_environment: LOCAL_MACHINE
distributed_type: FSDP
fsdp_config:
  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP
  fsdp_backward_prefetch: BACKWARD_PRE
  fsdp_sharding_strategy: FULL_SHARD
  fsdp_state_dict_type: SHARDED_STATE_DICT
  fsdp_use_orig_params: true
mixed_precision: bf16
rdzv_backend: static
same_network: true
YAML

GPUS_PER_NODE=8
NNODES=$SLURM_NNODES
NUM_PROCESSES=$((GPUS_PER_NODE * NNODES))
MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
MASTER_PORT=6000

export LAUNCHER="accelerate launch \
    --config_file fsdp.yaml \
    --num_machines $NNODES \
    --num_processes $NUM_PROCESSES \
    --main_process_ip $MASTER_ADDR \
    --main_process_port $MASTER_PORT \
    --machine_rank \$SLURM_PROCID \
    "
export PROGRAM="run_dpo.py recipes/mixtral/dpo.yaml --output_dir=/fsx/jdoe/ckpt/mixtral-dpo"
export CMD="$LAUNCHER $PROGRAM"

echo $CMD

# one task per node, so SLURM_PROCID is the machine rank
srun --jobid $SLURM_JOB_ID bash -c "$CMD"
