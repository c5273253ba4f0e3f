#!/bin/bash
# family: Accelerate config written by the script with DeepSpeed ZeRO-3
#SBATCH -N 1
#SBATCH --gpus-per-node=8
#SBATCH --ntasks-per-node=1
#SBATCH -p GPU
#SBATCH -A cis220002p
#SBATCH -t 08:00:00
cat > accel.yaml <<EOF2
compute_environment: LOCAL_MACHINE
distributed_type: DEEPSPEED
deepspeed_config:
  zero_stage: 3
  offload_param_device: none
num_machines: 1
num_processes: 8
EOF2
accelerate launch --config_file accel.yaml --num_processes 8 train_dpo.py --beta 0.1
