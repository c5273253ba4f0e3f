#!/bin/bash
#SBATCH --job-name=gpt2-ddp
#SBATCH --constraint=gpu
#SBATCH --qos=regular
#SBATCH --account=m1234
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
#SBATCH --time=01:00:00
# A Perlmutter job that failed at start-up: see slurm-123456.out next to it.

module load pytorch/2.1.0-cu12
export NCCL_SOCKET_IFNAME=hsn

MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
srun -N 2 -n 2 --ntasks-per-node=1 bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --node_rank=$SLURM_PROCID --master_addr=$MASTER_ADDR --master_port=$MASTER_PORT train.py --epochs 3'
