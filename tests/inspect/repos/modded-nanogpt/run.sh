#!/bin/bash
# Runs the current record on 8 GPUs.
torchrun --standalone --nproc_per_node=8 train_gpt.py
