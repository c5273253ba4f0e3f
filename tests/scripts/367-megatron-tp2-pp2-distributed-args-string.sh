#!/bin/bash
# family: Megatron-LM with tensor and pipeline parallelism, torchrun options in a string variable
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=12:00:00

GPUS_PER_NODE=4
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
MASTER_PORT=6000
DISTRIBUTED_ARGS="--nproc_per_node $GPUS_PER_NODE --nnodes $SLURM_NNODES --rdzv_backend c10d --rdzv_endpoint $MASTER_ADDR:$MASTER_PORT"
TP=2
PP=2

srun torchrun $DISTRIBUTED_ARGS pretrain_gpt.py \
    --tensor-model-parallel-size $TP \
    --pipeline-model-parallel-size $PP \
    --num-layers 24 --hidden-size 2048 --num-attention-heads 16 \
    --micro-batch-size 2 --global-batch-size 64
