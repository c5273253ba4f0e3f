#!/bin/bash
# SFT launch from the scripts folder (fixture).
MODEL=Qwen/Qwen2-7B
LR=2e-5
deepspeed --num_gpus 8 ../train.py \
    --model_name_or_path $MODEL \
    --data_path ../data/sft.jsonl \
    --lr $LR \
    --epochs 3 \
    --micro_batch_size 4 \
    --deepspeed_config ds_z2.json
