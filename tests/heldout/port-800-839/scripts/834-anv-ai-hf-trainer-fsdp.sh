#!/bin/bash
#SBATCH -J mistral-fsdp
#SBATCH -A cis250077-ai
#SBATCH -p ai
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=96
#SBATCH -t 20:00:00
#SBATCH -o /anvil/scratch/x-mstuser/logs/%x-%j.out

# Anvil AI partition: one node, 4x H100
module load modtree/gpu conda/2025.09
conda activate hf
export HF_HOME=/anvil/scratch/x-mstuser/hf

torchrun --standalone --nproc_per_node 4 run_clm.py \
  --model_name_or_path mistralai/Mistral-7B-v0.1 --train_file /anvil/projects/x-cis250077/data/corpus.txt \
  --block_size 4096 --per_device_train_batch_size 1 --gradient_accumulation_steps 16 --bf16 \
  --fsdp "full_shard auto_wrap" --fsdp_transformer_layer_cls_to_wrap MistralDecoderLayer \
  --do_train --output_dir /anvil/scratch/x-mstuser/mistral-cpt --save_strategy steps --save_steps 500
