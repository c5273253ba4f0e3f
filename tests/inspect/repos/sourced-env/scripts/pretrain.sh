#!/bin/bash
# Reads the shared settings, then launches (own fixture).
source scripts/env.sh
BATCH=64

torchrun --nproc_per_node 8 train.py \
    --lr $LR \
    --batch_size $BATCH \
    --max_steps ${MAX_STEPS} \
    --data_path "$DATA_PATH"
