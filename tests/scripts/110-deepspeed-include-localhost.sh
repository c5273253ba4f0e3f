#!/bin/bash
# family: launcher details - the deepspeed launcher limited to listed devices (--include localhost:0,...)
# (https://www.deepspeed.ai/getting-started/#resource-configuration-single-node)
#SBATCH -N 1
#SBATCH --gpus-per-node=8
#SBATCH -p batch
#SBATCH -A BIO321
#SBATCH -t 01:00:00
deepspeed --include localhost:0,1,2,3,4,5,6,7 --master_port 29600 train.py --deepspeed --deepspeed_config ds.json
