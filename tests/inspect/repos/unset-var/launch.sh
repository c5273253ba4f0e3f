#!/bin/bash
# The learning rate and data come from the caller's environment (LR=3e-4 DATA=... bash launch.sh);
# the batch is set here (own fixture).
BATCH=32
torchrun --nproc_per_node 4 train.py --lr $LR --batch_size $BATCH --data_path ${DATA} --max_steps 5000
