#!/bin/bash
#SBATCH -J gpt-1p3b
#SBATCH -A m4431_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 128
#SBATCH -t 02:00:00
#SBATCH -o logs/%x-%j.out

# Megatron-LM GPT 1.3B, TP=2 x PP=2 (data parallel 4) on 4 Perlmutter nodes
set -euo pipefail

module load pytorch/2.3.1
export FI_MR_CACHE_MONITOR=userfaultfd
export CUDA_DEVICE_MAX_CONNECTIONS=1

MEGATRON=/global/cfs/cdirs/m4431/software/Megatron-LM
DATA=/pscratch/sd/g/gptrun/pile/pile_text_document
CKPT=$PSCRATCH/ckpt/gpt-1p3b

GPT_ARGS="--num-layers 24 --hidden-size 2048 --num-attention-heads 16 --seq-length 2048 --max-position-embeddings 2048 --micro-batch-size 4 --global-batch-size 256 --lr 2.0e-4 --min-lr 2.0e-5 --lr-decay-style cosine --train-iters 20000 --bf16"
DATA_ARGS="--data-path $DATA --vocab-file $MEGATRON/gpt2-vocab.json --merge-file $MEGATRON/gpt2-merges.txt --split 969,30,1"
OUTPUT_ARGS="--log-interval 10 --save-interval 1000 --eval-interval 500 --eval-iters 20"

head_node=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)

srun torchrun \
    --nnodes "$SLURM_NNODES" \
    --nproc-per-node 4 \
    --rdzv-id "$SLURM_JOB_ID" \
    --rdzv-backend c10d \
    --rdzv-endpoint "$head_node:29500" \
    $MEGATRON/pretrain_gpt.py \
    $GPT_ARGS $DATA_ARGS $OUTPUT_ARGS \
    --tensor-model-parallel-size 2 \
    --pipeline-model-parallel-size 2 \
    --distributed-backend nccl \
    --save $CKPT --load $CKPT
