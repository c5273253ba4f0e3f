#!/bin/bash
# family: node rank - MASTER_ADDR from the node list, node rank per task from SLURM_NODEID (Delta)
#SBATCH --account=bcde-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=03:00:00

nodes=( $(scontrol show hostnames "$SLURM_JOB_NODELIST") )
export MASTER_ADDR=${nodes[0]}
export MASTER_PORT=$((20000 + SLURM_JOB_ID % 10000))
srun --ntasks-per-node=1 bash -c 'python -m torch.distributed.run --nnodes=$SLURM_NNODES \
    --node_rank=$SLURM_NODEID --nproc_per_node=4 --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT \
    pretrain.py --model vit_b16 --epochs 90'
