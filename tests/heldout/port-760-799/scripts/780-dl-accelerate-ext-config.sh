#!/bin/bash
#SBATCH --job-name=dpo
#SBATCH --account=bfhk-delta-gpu
#SBATCH --partition=gpuA100x8
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=64
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=08:00:00

module reset
module load pytorch-conda/2.8
source /projects/bfhk/envs/trl/bin/activate

accelerate launch --config_file configs/accelerate.yaml --num_processes 8 \
    train_dpo.py --beta 0.1 --learning_rate 5e-7 --output_dir runs/dpo
