#!/bin/bash
#SBATCH --job-name=zephyr-sft
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:8
#SBATCH --cpus-per-task=64
#SBATCH --time=1-00:00:00
#SBATCH --partition=h100-8x

source ~/miniforge3/etc/profile.d/conda.sh
conda activate handbook

export HF_HOME=/mnt/shared/hf
export WANDB_PROJECT=zephyr

cat > deepspeed_zero2.yaml <<EOF
compute_environment: LOCAL_MACHINE
deepspeed_config:
  deepspeed_multinode_launcher: standard
  offload_optimizer_device: none
  offload_param_device: none
  zero3_init_flag: false
  zero_stage: 2
distributed_type: DEEPSPEED
mixed_precision: bf16
num_machines: 1
num_processes: 8
EOF

accelerate launch --config_file deepspeed_zero2.yaml scripts/run_sft.py recipes/zephyr-7b-beta/sft/config_full.yaml --num_train_epochs=1
