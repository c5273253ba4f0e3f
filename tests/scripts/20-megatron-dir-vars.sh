#!/bin/bash
# family: variables + Megatron TP x PP - the GPT pretraining recipe shape of NVIDIA/Megatron-LM's
# examples (examples/gpt3/train_gpt3_175b_distributed.sh), written for Slurm
#SBATCH -N 4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 12:00:00
#SBATCH -A m7777_g
#SBATCH -C gpu
#SBATCH -q regular
MEGATRON_DIR=$SCRATCH/Megatron-LM
TP=2
PP=2
GPUS_PER_NODE=4
MODEL_ARGS="--num-layers 24 --hidden-size 2048 --num-attention-heads 16 --seq-length 2048"
PAR_ARGS="--tensor-model-parallel-size $TP --pipeline-model-parallel-size $PP"
srun torchrun --nnodes $SLURM_NNODES --nproc_per_node $GPUS_PER_NODE --rdzv_backend c10d \
    --rdzv_endpoint $(hostname):29500 $MEGATRON_DIR/pretrain_gpt.py $MODEL_ARGS $PAR_ARGS --micro-batch-size 2
