#!/bin/bash
# Llama-3-8B shape at a 32k context on 4 nodes: 4-way tensor x 2-way pipeline x 2-way context
# parallel, data parallel over what is left (own fixture).
set -euo pipefail

DATA_PATH=$1
CKPT=${2:-ckpt/llama3_8b_32k}
GPUS_PER_NODE=8
NUM_NODES=${NUM_NODES:-4}

LAUNCH="torchrun --nproc_per_node $GPUS_PER_NODE --nnodes $NUM_NODES --rdzv_backend c10d --rdzv_endpoint $MASTER_ADDR:29500"

MODEL="--num-layers 32 --hidden-size 4096 --ffn-hidden-size 14336 --num-attention-heads 32 \
       --group-query-attention --num-query-groups 8 --swiglu --normalization RMSNorm \
       --position-embedding-type rope --untie-embeddings-and-output-weights --disable-bias-linear \
       --seq-length 32768 --max-position-embeddings 32768"

PARALLEL="--tensor-model-parallel-size 4 --sequence-parallel --pipeline-model-parallel-size 2 \
          --context-parallel-size 2 --cp-comm-type p2p --use-distributed-optimizer"

TRAIN="--micro-batch-size 1 --global-batch-size 64 --lr 1e-5 --min-lr 1e-6 --train-iters 2000 \
       --recompute-granularity full --recompute-method uniform --recompute-num-layers 1 --bf16"

DATA="--data-path $DATA_PATH --tokenizer-type HuggingFaceTokenizer --tokenizer-model meta-llama/Meta-Llama-3-8B"

$LAUNCH pretrain_gpt.py $MODEL $PARALLEL $TRAIN $DATA --save $CKPT --load $CKPT
