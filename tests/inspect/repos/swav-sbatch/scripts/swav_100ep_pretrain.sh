#!/bin/bash
#SBATCH --nodes=4
#SBATCH --gpus=32
#SBATCH --ntasks-per-node=8
#SBATCH --job-name=swav_100ep_pretrain
#SBATCH --time=25:00:00

DATASET_PATH="/path/to/imagenet/train"
EXPERIMENT_PATH="./experiments/swav_100ep_pretrain"
mkdir -p $EXPERIMENT_PATH

srun --label python -u main_swav.py \
--data_path $DATASET_PATH \
--epochs 100 \
--base_lr 0.6 \
--final_lr 0.0006 \
--batch_size 64 \
--arch resnet50 \
--use_fp16 true \
--dump_path $EXPERIMENT_PATH
