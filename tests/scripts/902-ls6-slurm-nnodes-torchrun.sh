#!/bin/bash
# family: node count on the submit line - no -N in the header; torchrun takes the allocation's node
# count from $SLURM_NNODES (the job is meant to be submitted with sbatch -N)
#SBATCH -J vit-scale
#SBATCH -p gpu-a100
#SBATCH --ntasks-per-node=1
#SBATCH -t 08:00:00
#SBATCH -A CCR24011

module load cuda/12.2
source $WORK/envs/torch/bin/activate
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
srun torchrun --nnodes=$SLURM_NNODES --nproc_per_node=3 --rdzv_backend=c10d \
    --rdzv_endpoint=$MASTER_ADDR:29400 train_vit.py --epochs 100 --batch-size 128
