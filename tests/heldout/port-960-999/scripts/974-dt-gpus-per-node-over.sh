#!/bin/bash
#SBATCH --job-name=vit-8gpu
#SBATCH --account=bbmx-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=8
#SBATCH --mem=200g
#SBATCH --time=12:00:00

module reset
module load pytorch-conda/2.8
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun python train_vit.py --model vit_large --batch-size 32
