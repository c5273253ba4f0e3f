#!/bin/bash
# shape: torchtune's `tune run` with torchrun's options on one node
#SBATCH -A m4431_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH -t 04:00:00

module load pytorch/2.3.1
tune run --nproc_per_node 4 lora_finetune_distributed --config llama3_1/8B_lora epochs=2
