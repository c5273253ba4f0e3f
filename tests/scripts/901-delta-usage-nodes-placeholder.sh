#!/bin/bash
# family: node count on the submit line - a usage comment with a placeholder for the node count
# Usage: sbatch --nodes=<NNODES> run_delta.sh
#SBATCH --account=bcjw-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=220g
#SBATCH --time=12:00:00

module load anaconda3_gpu
source activate llm
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun --ntasks-per-node=4 --gpus-per-task=1 \
    python finetune_llm.py --model_name meta-llama/Llama-2-7b-hf --bf16
