#!/bin/bash
# family: not DDP - Megatron sizes written --name=value
#SBATCH -N 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m3131_g
#SBATCH -t 08:00:00
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun python Megatron-LM/pretrain_bert.py --tensor-model-parallel-size=2 --pipeline-model-parallel-size=4 --bf16
