#!/bin/bash
# GPT small from a YAML config (experimental in Megatron): every argument comes from the file.
export CUDA_DEVICE_MAX_CONNECTIONS=1
GPUS_PER_NODE=8
NNODES=1
CONFIG=examples/gpt/gpt_small.yaml

torchrun --nproc_per_node $GPUS_PER_NODE --nnodes $NNODES pretrain_gpt.py \
    --yaml-cfg $CONFIG
