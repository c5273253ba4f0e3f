#!/bin/bash
# runs BERT phase 2 with the sizes the sourced config_*.sh exported
set -e

: "${DGXNGPU:?source a config_*.sh first}"
DATADIR_PHASE2=${DATADIR_PHASE2:-/workspace/data_phase2}
EVALDIR=${EVALDIR:-/workspace/evaldata}
SEED=${SEED:-$RANDOM}

PHASE2="\
    --train_batch_size=$BATCHSIZE \
    --learning_rate=${LR:-4e-3} \
    --warmup_proportion=${WARMUP_PROPORTION:-0.0} \
    --max_steps=$MAX_STEPS \
    --gradient_accumulation_steps=${GRADIENT_STEPS:-2} \
    --input_dir=$DATADIR_PHASE2 \
    --eval_dir=$EVALDIR \
    "

echo "running benchmark on ${DGXNGPU} GPUs"
torchrun --nproc_per_node=$DGXNGPU run_pretraining.py \
    $PHASE2 \
    --bert_config_path=configs/bert_config.json \
    --seed=$SEED \
    --fp16 \
    --allreduce_post_accumulation --allreduce_post_accumulation_fp16 \
    $EXTRA_PARAMS
