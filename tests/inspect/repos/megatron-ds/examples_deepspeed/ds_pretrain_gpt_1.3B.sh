#!/bin/bash
# GPT-3 XL (1.3B) with DeepSpeed ZeRO stage 1
DATA_PATH=/data/pile/pile_text_document
VOCAB_PATH=/data/gpt2-vocab.json
MERGE_PATH=/data/gpt2-merges.txt
DS_CONFIG=ds_config_gpt_1.3B.json

NLAYERS=24
HIDDEN=2048
HEADS=16
SEQ=2048
GLOBAL_BATCH=512
MICRO_BATCH=4
LR=2.0e-4
TRAIN_TOKENS=300000000000
TRAIN_ITERS=$(( TRAIN_TOKENS / GLOBAL_BATCH / SEQ ))
ZERO_STAGE=1

cat <<EOT > $DS_CONFIG
{
  "train_batch_size": $GLOBAL_BATCH,
  "train_micro_batch_size_per_gpu": $MICRO_BATCH,
  "zero_optimization": {
    "stage": $ZERO_STAGE
  },
  "bf16": {
    "enabled": true
  }
}
EOT

deepspeed --num_gpus 8 pretrain_gpt.py \
    --num-layers $NLAYERS \
    --hidden-size $HIDDEN \
    --num-attention-heads $HEADS \
    --seq-length $SEQ \
    --max-position-embeddings $SEQ \
    --micro-batch-size $MICRO_BATCH \
    --global-batch-size $GLOBAL_BATCH \
    --train-iters $TRAIN_ITERS \
    --lr $LR \
    --vocab-file $VOCAB_PATH \
    --merge-file $MERGE_PATH \
    --data-path $DATA_PATH \
    --bf16 \
    --deepspeed \
    --deepspeed_config $DS_CONFIG \
    --zero-stage $ZERO_STAGE
