#!/bin/bash
#SBATCH --job-name=gpt2-fsdp
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=0
#SBATCH --time=04:00:00
# An FSDP job that runs on NCSA Delta: one torchrun agent per node, 4 GPUs each.

module reset
module load pytorch-conda/2.12
export NCCL_SOCKET_IFNAME=hsn
export HF_HOME=/scratch/bbka/$USER/hf

MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
srun bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$SLURM_PROCID --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT train.py --model_name_or_path gpt2-medium --fsdp --bf16 --num_train_epochs 3'
