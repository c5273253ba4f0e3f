#!/bin/bash
#----------------------------------------------------
# Lonestar6 (ls6) A100 nodes, 3 GPUs per node:
# one ibrun task per node, each starting torchrun
#----------------------------------------------------
#SBATCH -J graphcast-ls6
#SBATCH -o graphcast.o%j
#SBATCH -e graphcast.e%j
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 02:00:00
#SBATCH -A ASC24017

module load gcc/11.2.0 cuda/12.2 python3/3.9.7
source $SCRATCH/python-envs/wx/bin/activate

MASTER=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29502

ibrun bash -c "torchrun --nnodes=2 --nproc_per_node=3 --node_rank=\$PMI_RANK \
  --master_addr=$MASTER --master_port=$MASTER_PORT \
  train_wx.py --config configs/wx_1deg.yaml --epochs 12 --num-workers 8"
