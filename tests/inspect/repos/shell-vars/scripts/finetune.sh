#!/bin/bash
# Settings first, then one deepspeed line that uses them (own fixture).
MODEL=meta-llama/Llama-2-7b-hf
DATA_PATH=data/alpaca_cleaned.jsonl
LR=2e-5
EPOCHS=${EPOCHS:-3}
SEQ_LEN=2048
SEED=${1:-1234}
OUTPUT=output/llama2-7b-sft

mkdir -p $OUTPUT

deepspeed --num_gpus 8 train.py \
    --model_name_or_path $MODEL \
    --data_path "$DATA_PATH" \
    --learning_rate ${LR} \
    --num_train_epochs $EPOCHS \
    --max_seq_len $SEQ_LEN \
    --seed $SEED \
    --per_device_train_batch_size 8 \
    --deepspeed --deepspeed_config ds_zero2.json
