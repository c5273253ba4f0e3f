#!/bin/bash
# family: accelerate with the user's config file and mixed precision on one node under srun, one task
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -c 64
#SBATCH -t 04:00:00
#SBATCH -A bbka-delta-gpu
#SBATCH -p gpuA100x4
srun accelerate launch --config_file ./configs/ddp_4gpu.yaml --mixed_precision bf16 --num_processes 4 train_sd.py --resolution 512
