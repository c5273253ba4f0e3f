#!/bin/bash
# family: deepspeed on two of the node's GPUs chosen with --include
#SBATCH -N 1
#SBATCH --gres=gpu:2
#SBATCH -t 02:00:00
deepspeed --include localhost:0,1 train.py --deepspeed_config ds_zero2_offload.json
