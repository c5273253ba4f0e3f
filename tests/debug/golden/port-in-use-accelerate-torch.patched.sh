#!/bin/bash
#SBATCH --job-name=sd-lora
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=2
#SBATCH --cpus-per-task=16
#SBATCH --time=08:00:00

source ~/venvs/diff/bin/activate
export MASTER_PORT=$((29500 + SLURM_JOB_ID % 1000))
accelerate launch --multi_gpu --num_processes 2 --main_process_port=${MASTER_PORT} train_lora.py --resolution 512
