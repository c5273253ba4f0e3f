#!/bin/bash
# family: wrappers - a logging wrapper held in a variable, then torchrun (users' scripts)
#SBATCH -N 4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 08:00:00
#SBATCH -p gpu
#SBATCH -A cis230123-gpu
LOG_WRAPPER="stdbuf -oL -eL"
MAIN=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun ${LOG_WRAPPER} torchrun --nnodes=4 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$MAIN:29400 \
    finetune.py --model llama-7b --lr 2e-5
