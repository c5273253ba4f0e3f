#!/bin/bash
deepspeed --include localhost:5,6 --master_port 28400 train_mvtec.py \
    --model openllama_peft --stage 1 --save_path ./ckpt/train_mvtec
