#!/bin/bash
# family: nanoGPT's configurator: a config .py file as the first argument, then --key=value overrides
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gres=gpu:8
#SBATCH --cpus-per-task=64
#SBATCH --time=23:00:00
#SBATCH --signal=USR1@60
torchrun --standalone --nproc_per_node=8 train.py config/train_gpt2.py --batch_size=12 --compile=False
# torchrun --standalone --nproc_per_node=8 train.py config/finetune_shakespeare.py
