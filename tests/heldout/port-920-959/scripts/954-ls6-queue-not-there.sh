#!/bin/bash
#SBATCH -J unet-long
#SBATCH -p gpu-a100-long
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 40:00:00
#SBATCH -A ASC24019

module load python3/3.9.7
source $SCRATCH/python-envs/seg/bin/activate
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)

ibrun -np 2 torchrun --nnodes=2 --nproc_per_node=3 \
    --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:29500 \
    train_seg.py --dataset cityscapes --epochs 300 --crop 768
