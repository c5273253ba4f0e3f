#!/bin/bash
# usage: ./distributed_train.sh NUM_GPUS [train.py options] (learned from huggingface/pytorch-image-models)
NUM_PROC=$1
shift
torchrun --nproc_per_node=$NUM_PROC train.py "$@"
