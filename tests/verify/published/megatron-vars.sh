#!/bin/bash
# cluster: perlmutter
# family: variables - Megatron-style launch built from variables set earlier, arrays and defaults
# modelled on https://github.com/NVIDIA/Megatron-LM/blob/main/examples/gpt3/train_gpt3_175b_distributed.sh
#SBATCH -A m4242_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 06:00:00
#SBATCH -N 4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
GPUS_PER_NODE=4
NUM_NODES=${SLURM_NNODES:-1}
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
MASTER_PORT=6000
TP=2
PP=2
CHECKPOINT_PATH=${CHECKPOINT_PATH:-$SCRATCH/ckpt}
DISTRIBUTED_ARGS=(
    --nproc_per_node $GPUS_PER_NODE
    --nnodes $NUM_NODES
    --rdzv_backend c10d
    --rdzv_endpoint $MASTER_ADDR:$MASTER_PORT
)
MODEL_ARGS=(
    --num-layers 24 --hidden-size 1024 --num-attention-heads 16
    --tensor-model-parallel-size $TP --pipeline-model-parallel-size $PP
)
srun torchrun ${DISTRIBUTED_ARGS[@]} pretrain_gpt.py ${MODEL_ARGS[@]} --save $CHECKPOINT_PATH --load $CHECKPOINT_PATH
