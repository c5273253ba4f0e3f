#!/bin/bash
# 16 layers, a shorter run; DATA_PATH from the caller when set
export NUM_LAYERS=16 TRAIN_SEQ_LEN=2048
MATRIX_LR=0.02 torchrun --standalone --nproc_per_node=4 train_gpt.py
