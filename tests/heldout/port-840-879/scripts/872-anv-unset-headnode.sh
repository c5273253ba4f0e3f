#!/bin/bash
#SBATCH -J ppo-humanoid
#SBATCH -A cis240333-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 64
#SBATCH -t 12:00:00
#SBATCH -o /anvil/scratch/x-mchen/logs/%x-%j.out

module load modtree/gpu
module load conda/2024.02
conda activate rl-torch

head_node=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)

srun torchrun --nnodes 2 --nproc_per_node 4 \
    --rdzv_id $SLURM_JOB_ID --rdzv_backend c10d --rdzv_endpoint $HEAD_NODE:29500 \
    train_ppo.py --env-id Humanoid-v4 --total-steps 50000000
