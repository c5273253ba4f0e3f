#!/bin/bash
# family: torchtune's CLI launcher - `tune run` wraps torchrun (its --nnodes/--nproc_per_node are
# torchrun's) and runs a recipe by name; a single Delta node with 4 A100s
#SBATCH --job-name=tune-lora
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --mem=200g
#SBATCH --time=04:00:00

module load python/3.11
source ~/venvs/tune/bin/activate

tune run --nnodes 1 --nproc_per_node 4 lora_finetune_distributed \
    --config llama3_2/3B_lora epochs=1 batch_size=4
