#!/bin/bash
# how this job is started on one node of 4 GPUs (maple inspect --cmd reads the launch line)
torchrun --standalone --nproc_per_node=4 train.py --model_name_or_path gpt2-medium --bf16 --num_train_epochs 3
