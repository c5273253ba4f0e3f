#!/bin/bash
# usage: bash run_pretrain.sh MICRO_BATCH ITERS
MBS=${1:-4}
ITERS=${2:-20000}
GPUS=8
GBS=$(( ${MBS} * ${GPUS} * 2 ))
WARMUP=$((${ITERS}/20))
DECAY=$(( ${2} - ${WARMUP} ))
torchrun --nproc_per_node ${GPUS} pretrain.py \
    --micro-batch-size ${MBS} \
    --global-batch-size ${GBS} \
    --train-iters ${ITERS} \
    --lr-warmup-iters ${WARMUP} \
    --lr-decay-iters ${DECAY} \
    --data-path /data/pile_text_document
