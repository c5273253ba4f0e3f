#!/bin/bash
#SBATCH -A m4402_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=128
#SBATCH -t 01:00:00
#SBATCH -J moe-test

module load pytorch/2.3.1
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
nvidia-smi

srun torchrun --nnodes 2 --nproc_per_node 8 --rdzv_backend c10d --rdzv_endpoint $MASTER_ADDR:29500 \
    train_moe.py --experts 16 --top-k 2 --tokens 2e9
