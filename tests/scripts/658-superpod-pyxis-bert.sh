#!/bin/bash
#SBATCH --job-name=bert-large-pretrain
#SBATCH --partition=batch
#SBATCH --account=nlp-research
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --exclusive
#SBATCH --time=04:00:00
#SBATCH --output=%x-%j.out

IMAGE=nvcr.io#nvidia/pytorch:24.05-py3
MOUNTS=/lustre/fsw/nlp:/workspace/data,$PWD:/workspace/bert

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
export MASTER_PORT=6000

srun --container-image=$IMAGE \
     --container-mounts=$MOUNTS \
     --container-workdir=/workspace/bert \
     --no-container-mount-home \
     python run_pretraining.py \
        --input_dir=/workspace/data/hdf5_lower_case_1_seq_len_128 \
        --config_file=bert_config_large.json \
        --train_batch_size=64 --max_steps=7038 --bf16
