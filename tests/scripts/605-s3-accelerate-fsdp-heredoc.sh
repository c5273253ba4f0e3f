#!/bin/bash
#SBATCH -J sft-fsdp
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 04:00:00
#SBATCH -o sft.%j.out
#SBATCH -A TRA25004

# venv with a CUDA build of torch + accelerate, made from an idev session
source $SCRATCH/python-envs/torch-h100/bin/activate
cd $SCRATCH/sft

HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
CFG=acc_fsdp_${SLURM_JOB_ID}.yaml
cat > $CFG <<EOF
compute_environment: LOCAL_MACHINE
distributed_type: FSDP
fsdp_config:
  fsdp_sharding_strategy: FULL_SHARD
  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP
  fsdp_state_dict_type: SHARDED_STATE_DICT
mixed_precision: bf16
num_machines: 2
num_processes: 8
main_process_ip: ${HEAD}
main_process_port: 29511
rdzv_backend: static
EOF
cat $CFG

ibrun -n 2 bash -c "accelerate launch --config_file $CFG --machine_rank \$PMI_RANK sft_train.py --model_name meta-llama/Llama-3.1-8B --dataset data/alpaca_clean.jsonl --max_seq_len 4096"
