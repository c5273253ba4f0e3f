#!/bin/bash
#SBATCH --job-name=ddp
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=04:00:00

module load pytorch
export MASTER_PORT=$((29500 + SLURM_JOB_ID % 1000))
torchrun --nproc_per_node=4 --master_port=${MASTER_PORT} train.py --epochs 10
