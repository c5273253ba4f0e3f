#!/bin/bash
# family: a relative cd joined to the launch line with && (deepspeed on one node)
#SBATCH --nodes=1
#SBATCH --gpus-per-node=8
#SBATCH --time=12:00:00
module load cuda
cd ./Megatron-DeepSpeed && deepspeed --num_gpus 8 pretrain_gpt.py --deepspeed --deepspeed_config ds_config.json
