#!/bin/bash
#SBATCH --account=cis250117p
#SBATCH --partition=GPU
#SBATCH --nodes=1
#SBATCH --gpus=h100-80:8
#SBATCH --ntasks-per-node=1
#SBATCH --time=04:00:00
composer -n 8 train/train.py train/yamls/pretrain/mpt-125m.yaml max_duration=1000ba fsdp_config.sharding_strategy=NO_SHARD
