#!/bin/bash
#SBATCH --account=cis240877-gpu
#SBATCH --partition=gpu-debug
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=2
#SBATCH --cpus-per-task=32
#SBATCH --time=01:30:00
#SBATCH --job-name=vae-debug

: "${DATA_ROOT:=/anvil/scratch/$USER/celeba}"

module load modtree/gpu
module load conda/2025.09
conda activate vae

torchrun --standalone --nproc_per_node=2 train_vae.py --data_root "$DATA_ROOT" --latent_dim 256 --epochs 5
