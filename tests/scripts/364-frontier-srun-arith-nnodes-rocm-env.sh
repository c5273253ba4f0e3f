#!/bin/bash
# family: OLCF-style Frontier script: task count computed from SLURM_NNODES on the srun line
#SBATCH -A CSC999
#SBATCH -J ddp
#SBATCH -p batch
#SBATCH -t 00:30:00
#SBATCH -N 2

module load PrgEnv-gnu rocm/6.2.4
source activate /ccs/proj/csc999/envs/torch

export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
export NCCL_SOCKET_IFNAME=hsn0
export MIOPEN_USER_DB_PATH="/tmp/my-miopen-cache"

srun -N ${SLURM_NNODES} -n $((SLURM_NNODES*8)) -c7 --gpus-per-task=1 --gpu-bind=closest \
    python3 -u train.py --backend nccl --epochs 3
