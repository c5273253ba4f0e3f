#!/bin/bash
#SBATCH -A m2859_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=256
#SBATCH -t 08:00:00
#SBATCH -J mistral-sft

module load pytorch/2.6.0
source $HOME/venvs/sft/bin/activate      # accelerate + peft on top of the module

MAIN_HOST=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
NPROC=$(( SLURM_NNODES * 4 ))
CFG=accel_fsdp_${SLURM_JOB_ID}.yaml

cat > "$CFG" <<EOF
compute_environment: LOCAL_MACHINE
distributed_type: FSDP
mixed_precision: bf16
num_machines: ${SLURM_NNODES}
num_processes: ${NPROC}
main_training_function: main
rdzv_backend: static
same_network: true
fsdp_config:
  fsdp_sharding_strategy: FULL_SHARD
  fsdp_auto_wrap_policy: TRANSFORMER_BASED_WRAP
  fsdp_transformer_layer_cls_to_wrap: MistralDecoderLayer
  fsdp_state_dict_type: SHARDED_STATE_DICT
  fsdp_use_orig_params: true
EOF

# \$SLURM_NODEID must expand inside each task, not here in the batch shell
srun bash -c "accelerate launch --config_file $CFG --machine_rank \$SLURM_NODEID \
    --main_process_ip $MAIN_HOST --main_process_port 29500 \
    sft_mistral.py --model_name_or_path mistralai/Mistral-7B-v0.3 --dataset_path data/chem_sft.jsonl --num_train_epochs 2 --output_dir $SCRATCH/ckpt/mistral-sft"
