#!/bin/bash
# family: accelerate launch --opt=value spellings of the precision and accumulation keys, one node, a
# module as the program
#SBATCH --nodes=1
#SBATCH --gres=gpu:4
#SBATCH --time=02:00:00
accelerate launch --multi_gpu --num_processes=4 --mixed_precision=bf16 --gradient_accumulation_steps=2 -m trainer.sft --cfg configs/sft.yaml
