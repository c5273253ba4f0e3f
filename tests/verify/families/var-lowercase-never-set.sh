#!/bin/bash
# cluster: vista
# expect: variable-unset error export MASTER_ADDR
#SBATCH -A TG-ABC12345
#SBATCH -p gh
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 02:00:00
nodes=$(scontrol show hostnames "$SLURM_JOB_NODELIST")
export MASTER_ADDR=$master_host
export MASTER_PORT=29500
srun --ntasks-per-node=1 torchrun --nnodes=2 --nproc_per_node=1 --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT train.py
