#!/bin/bash
# family: Accelerate config - --use_deepspeed with a DeepSpeed config maple cannot read: stage unknown
# (https://huggingface.co/docs/accelerate/usage_guides/deepspeed)
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -A m9999_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 02:00:00
accelerate launch --use_deepspeed --deepspeed_config_file $HOME/ds/zero.json --num_processes 4 sft.py
