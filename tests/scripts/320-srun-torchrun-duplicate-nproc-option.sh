#!/bin/bash
# family: a user's srun torchrun per node where --nproc_per_node is given twice (the later one wins in
# argparse): 2 GPUs per node on 2 nodes, a c10d rendezvous on MASTER_ADDR:MASTER_PORT
#SBATCH --job-name=GPU-torchrun
#SBATCH --mem=10G
#SBATCH --partition=rtx6000
#SBATCH --qos=normal
#SBATCH --output=logs/%x.%j.log
#SBATCH --nodes=2
#SBATCH --gres=gpu:2
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=8
export MASTER_NODE=`scontrol show hostnames $SLURM_JOB_NODELIST | head -n1`
export MASTER_ADDR=$MASTER_NODE
export MASTER_PORT=29504
srun torchrun \
    --nproc_per_node=$SLURM_NNODES \
    --nproc_per_node=2 \
    --nnodes=$SLURM_NNODES \
    --rdzv_id=$SLURM_JOB_ID \
    --rdzv_backend=c10d \
    --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT \
    resnet_ddp.py --epochs 10
