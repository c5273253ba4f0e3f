#!/bin/bash
#SBATCH -A m4138_g
#SBATCH -C gpu&hbm80g
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 128
#SBATCH -t 10:00:00
#SBATCH -J llama-fsdp

module load pytorch/2.3.1
source /global/common/software/m4138/venvs/hf/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29501

cat > accelerate_fsdp.yaml <<'EOF'
compute_environment: LOCAL_MACHINE
distributed_type: FSDP
fsdp_config:
  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP
  fsdp_backward_prefetch: BACKWARD_PRE
  fsdp_sharding_strategy: FULL_SHARD
  fsdp_state_dict_type: SHARDED_STATE_DICT
  fsdp_use_orig_params: true
mixed_precision: bf16
num_machines: 2
num_processes: 8
rdzv_backend: static
same_network: true
EOF

# one accelerate agent per node; SLURM_NODEID is expanded inside each task
srun bash -c 'accelerate launch \
    --config_file accelerate_fsdp.yaml \
    --machine_rank $SLURM_NODEID \
    --main_process_ip $MASTER_ADDR \
    --main_process_port $MASTER_PORT \
    finetune_llama.py --model_name meta-llama/Llama-2-7b-hf --max_steps 2000 --bf16'
