#!/bin/bash
# usage: sh run_pretrain_llama.sh MODEL_SIZE BATCH_SIZE TP
MODEL_SIZE=$1
BATCH_SIZE=$2
TP=$3
if [ $MODEL_SIZE = 7B ]; then
NUM_LAYERS=32
HIDDEN_SIZE=4096
NUM_ATTN_HEADS=32
INTERMEDIATE_SIZE=11008
elif [ $MODEL_SIZE = 220M ]; then
NUM_LAYERS=12
HIDDEN_SIZE=1024
NUM_ATTN_HEADS=16
INTERMEDIATE_SIZE=2816
fi
torchrun --nproc_per_node 8 pretrain_llama.py \
    --num-layers ${NUM_LAYERS} \
    --hidden-size ${HIDDEN_SIZE} \
    --num-attention-heads ${NUM_ATTN_HEADS} \
    --ffn-hidden-size ${INTERMEDIATE_SIZE} \
    --micro-batch-size ${BATCH_SIZE} \
    --tensor-model-parallel-size ${TP} \
    --seq-length 4096 \
    --swiglu \
    --untie-embeddings-and-output-weights \
    --patch-tokenizer-type LLamaTokenizer \
    --bf16
