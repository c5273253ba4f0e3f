#!/bin/bash
# family: Megatron TP x PP with literal sizes, DeepSpeed-Megatron style launch via srun
#SBATCH -N 2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH -p batch
#SBATCH -A ABC123
#SBATCH -t 02:00:00
export MASTER_ADDR=$(hostname)
export MASTER_PORT=3442
srun python pretrain_gpt.py --tensor-model-parallel-size 4 --pipeline-model-parallel-size 2 \
    --num-layers 32 --hidden-size 4096 --global-batch-size 256
