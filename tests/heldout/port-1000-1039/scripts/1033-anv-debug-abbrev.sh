#!/bin/bash
#SBATCH --job-name=smoke
#SBATCH --account=cis240512-gpu
#SBATCH --part=gpu-debug
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=2
#SBATCH --cpus-per-t=32
#SBATCH --time=00:25:00

module load modtree/gpu conda/2025.09
conda activate torch

# quick two-GPU check before the real run
torchrun --standalone --nproc_per_node=2 train.py --max-steps 200 --eval-every 50 --compile
