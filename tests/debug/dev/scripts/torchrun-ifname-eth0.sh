#!/bin/bash
#SBATCH --job-name=r1
#SBATCH --nodes=1
#SBATCH --gpus-per-node=8
#SBATCH --time=04:00:00
export NCCL_SOCKET_IFNAME=eth0
export NCCL_DEBUG=WARN
torchrun --nproc_per_node=8 --master_port=12345 train.py --config configs/grpo.yaml
