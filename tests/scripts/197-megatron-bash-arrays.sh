#!/bin/bash
# family: Megatron-LM pretraining with its arguments in bash arrays, TP x PP
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -p gpu
#SBATCH -t 12:00:00
GPUS_PER_NODE=4
NUM_NODES=$SLURM_NNODES
MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
DISTRIBUTED_ARGS=(
    --nproc_per_node $GPUS_PER_NODE
    --nnodes $NUM_NODES
    --rdzv_backend c10d
    --rdzv_endpoint $MASTER_ADDR:6000
)
MODEL_PARALLEL_ARGS=(
    --tensor-model-parallel-size 2
    --pipeline-model-parallel-size 2
)
srun torchrun ${DISTRIBUTED_ARGS[@]} pretrain_gpt.py ${MODEL_PARALLEL_ARGS[@]} --num-layers 24 --hidden-size 2048
