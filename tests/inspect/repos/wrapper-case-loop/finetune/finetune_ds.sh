#!/bin/bash
# Fine-tuning wrapper: options read by a while/case loop (the shape of QwenLM/Qwen finetune/finetune_ds.sh)
export CUDA_DEVICE_MAX_CONNECTIONS=1
GPUS_PER_NODE=$(python -c 'import torch; print(torch.cuda.device_count())')
NNODES=${NNODES:-1}
MASTER_PORT=${MASTER_PORT:-6001}
MODEL="org/base-7b"
DATA="path_to_data"
DS_CONFIG_PATH="finetune/ds_config_zero2.json"

function usage() {
    echo 'Usage: bash finetune/finetune_ds.sh [-m MODEL_PATH] [-d DATA_PATH] [--deepspeed FILE]'
}

while [[ "$1" != "" ]]; do
    case $1 in
        -m | --model )
            shift
            MODEL=$1
            ;;
        -d | --data )
            shift
            DATA=$1
            ;;
        --deepspeed )
            shift
            DS_CONFIG_PATH=$1
            ;;
        -h | --help )
            usage
            exit 0
            ;;
        * )
            echo "Unknown argument ${1}"
            exit 1
            ;;
    esac
    shift
done

torchrun --nproc_per_node $GPUS_PER_NODE --nnodes $NNODES --master_port $MASTER_PORT finetune.py \
    --model_name_or_path $MODEL \
    --data_path $DATA \
    --bf16 True \
    --num_train_epochs 3 \
    --per_device_train_batch_size 2 \
    --learning_rate 1e-5 \
    --model_max_length 2048 \
    --deepspeed ${DS_CONFIG_PATH}
