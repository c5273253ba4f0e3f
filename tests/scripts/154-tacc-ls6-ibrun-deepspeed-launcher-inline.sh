#!/bin/bash
# family: TACC Lonestar6 single node, deepspeed with the config written inline
#SBATCH -J ds
#SBATCH -p gpu-a100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 02:00:00
#SBATCH -A ABC23001
cat > ds_zero2.json <<'JSON'
{"train_batch_size": 48, "zero_optimization": {"stage": 2, "overlap_comm": true}, "fp16": {"enabled": true}}
JSON
deepspeed --num_gpus 3 train.py --deepspeed_config ds_zero2.json
