#!/bin/bash
#SBATCH --job-name=mistral-ft
#SBATCH --account=cis250101-ai
#SBATCH --partition=ai
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=96
#SBATCH --time=20:00:00
#SBATCH --output=/anvil/projects/x-cis250101/logs/%x-%j.out

module load modtree/gpu
module load conda/2024.09
conda activate hf-ds

torchrun --standalone --nproc_per_node 4 finetune.py \
    --deepspeed configs/ds.json --model_name_or_path mistralai/Mistral-7B-v0.1 \
    --num_train_epochs 2 --bf16
