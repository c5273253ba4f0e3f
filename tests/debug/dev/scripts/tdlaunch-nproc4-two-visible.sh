#!/bin/bash
export CUDA_VISIBLE_DEVICES=1,2
python -m torch.distributed.launch --nnode=1 --node_rank=0 --nproc_per_node=4 \
  --master_addr=127.0.0.1 --master_port=5555 \
  train.py -c config.json --local_world_size 2
