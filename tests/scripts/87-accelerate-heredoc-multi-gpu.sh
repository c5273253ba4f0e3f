#!/bin/bash
# family: Accelerate config - a MULTI_GPU config written in the script
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -p gpu
#SBATCH -A abc123-gpu
#SBATCH -t 01:00:00
cat > acc_ddp.yaml <<'YAML'
compute_environment: LOCAL_MACHINE
distributed_type: MULTI_GPU
num_machines: 1
num_processes: 4
mixed_precision: bf16
YAML
accelerate launch --config_file acc_ddp.yaml train.py --epochs 2
