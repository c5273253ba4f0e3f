#!/bin/bash
#SBATCH -A cis240789-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH -t 12:00:00
#SBATCH -J graphcast-anvil

module load modtree/gpu
module load conda/2025.09
conda activate wx

head_node_ip=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)

srun torchrun --nnodes=4 --nproc_per_node=4 \
    --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=$head_node_ip:29500 \
    train_graphcast.py --res 1.0 --steps 100000 --data /anvil/scratch/x-wxuser/era5
