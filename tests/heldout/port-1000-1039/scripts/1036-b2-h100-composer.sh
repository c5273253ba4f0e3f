#!/bin/bash
#SBATCH --job-name=mpt-125m
#SBATCH --account=cis250117p
#SBATCH --partition=GPU
#SBATCH --nodes=1
#SBATCH --gpus=h100-80:8
#SBATCH --ntasks-per-node=1
#SBATCH --time=20:00:00

source /ocean/projects/cis250117p/$USER/venvs/foundry/bin/activate
cd /ocean/projects/cis250117p/$USER/llm-foundry/scripts
export HF_HOME=/ocean/projects/cis250117p/$USER/hf

# composer's own launcher starts the 8 ranks on this node
composer -n 8 train/train.py train/yamls/pretrain/mpt-125m.yaml \
    variables.data_local=/ocean/projects/cis250117p/$USER/c4 \
    train_loader.dataset.split=train \
    max_duration=20000ba \
    fsdp_config.sharding_strategy=FULL_SHARD \
    save_folder=/ocean/projects/cis250117p/$USER/ckpt/mpt-125m
