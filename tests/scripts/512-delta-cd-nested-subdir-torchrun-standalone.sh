#!/bin/bash
# family: Delta, a relative cd two levels down before torchrun --standalone
#SBATCH --account=bcxy-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=32
#SBATCH --mem=200g
#SBATCH --time=04:00:00
module load anaconda3_gpu
cd code/llm
torchrun --standalone --nproc_per_node=4 finetune.py --epochs 3
