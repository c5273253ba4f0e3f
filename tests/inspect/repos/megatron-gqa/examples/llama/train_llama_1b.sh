#!/bin/bash
# A 1.5B Llama-shaped model with grouped-query attention and untied output weights (own fixture).
CHECKPOINT_PATH=${1:-checkpoints/llama_1b}
TENSORBOARD_LOGS_PATH=${2:-tb/llama_1b}
DATA_PATH=${3:-data/fineweb_text_document}

DISTRIBUTED_ARGS=(
    --nproc_per_node 8
    --nnodes 1
)

MODEL_ARGS=(
    --num-layers 16
    --hidden-size 2048
    --ffn-hidden-size 8192
    --num-attention-heads 32
    --group-query-attention
    --num-query-groups 8
    --seq-length 4096
    --max-position-embeddings 4096
    --position-embedding-type rope
    --swiglu
    --normalization RMSNorm
    --disable-bias-linear
    --untie-embeddings-and-output-weights
)

TRAINING_ARGS=(
    --micro-batch-size 2
    --global-batch-size 256
    --train-iters 50000
    --lr 3.0e-4
    --min-lr 3.0e-5
    --lr-decay-style cosine
    --weight-decay 0.1
    --bf16
)

PARALLEL_ARGS=(
    --tensor-model-parallel-size 2
    --pipeline-model-parallel-size 1
)

DATA_ARGS=(
    --data-path $DATA_PATH
    --tokenizer-type HuggingFaceTokenizer
    --tokenizer-model meta-llama/Llama-3.2-1B
    --split 99,1,0
)

torchrun ${DISTRIBUTED_ARGS[@]} pretrain_gpt.py \
    ${MODEL_ARGS[@]} \
    ${TRAINING_ARGS[@]} \
    ${PARALLEL_ARGS[@]} \
    ${DATA_ARGS[@]} \
    --save $CHECKPOINT_PATH \
    --tensorboard-dir $TENSORBOARD_LOGS_PATH
