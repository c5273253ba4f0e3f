#!/bin/bash
# family: a launch with its resources on the srun line itself (no directives) and torchrun told to
# start one worker per visible GPU (--nproc_per_node=gpu): the GPUs are the step's --gpus
srun --partition=a100 --gpus 2 --ntasks 1 --nodes 1 --time 00:30:00 \
    torchrun --nnodes=1 --nproc_per_node=gpu --rdzv_backend=c10d --rdzv_endpoint=localhost:29411 train_mt.py --bf16
