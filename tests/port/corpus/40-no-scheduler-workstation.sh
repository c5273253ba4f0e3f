#!/usr/bin/env bash
# Fine-tune on the lab workstation (2x RTX 4090), no scheduler involved.
set -e

export CUDA_VISIBLE_DEVICES=0,1
export WANDB_PROJECT=tinyllama-sft
export HF_HOME=/data/hf

python -c "import torch; print(torch.cuda.device_count(), 'GPUs')"

torchrun --standalone --nnodes=1 --nproc_per_node=2 train.py \
    --model TinyLlama/TinyLlama-1.1B-intermediate-step-1431k-3T \
    --lr 2e-4 \
    --micro-batch 4 \
    --out runs/tinyllama-sft
