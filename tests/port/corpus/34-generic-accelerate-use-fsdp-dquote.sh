#!/bin/bash
#SBATCH -J phi2-fsdp
#SBATCH -N 2
#SBATCH -n 2
#SBATCH --gres=gpu:a100:4
#SBATCH -c 32
#SBATCH --mem=480G
#SBATCH -t 10:00:00
#SBATCH -p gpu-long
#SBATCH -A ml-lab

module load anaconda3/2024.02
source activate phi2

export TRANSFORMERS_CACHE=/scratch/ml-lab/cache/transformers
export HF_DATASETS_CACHE=/scratch/ml-lab/cache/datasets

MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
MASTER_PORT=29500

srun bash -c "accelerate launch \
    --use_fsdp \
    --fsdp_sharding_strategy FULL_SHARD \
    --fsdp_auto_wrap_policy TRANSFORMER_BASED_WRAP \
    --fsdp_transformer_layer_cls_to_wrap PhiDecoderLayer \
    --mixed_precision bf16 \
    --num_machines 2 \
    --num_processes 8 \
    --machine_rank \$SLURM_NODEID \
    --main_process_ip $MASTER_ADDR \
    --main_process_port $MASTER_PORT \
    train.py --model microsoft/phi-2 --epochs 2 --lr 2e-5 --output-dir /scratch/ml-lab/phi2-ft"
