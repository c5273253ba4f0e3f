#!/bin/bash
# family: srun bash -c '...' with torchrun per node, the node rank from the task's environment
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --partition=gpuA100x4
#SBATCH --account=bbka-delta-gpu
#SBATCH --time=04:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun bash -c 'torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 --node_rank=$SLURM_NODEID --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT finetune.py --lr 2e-5'
