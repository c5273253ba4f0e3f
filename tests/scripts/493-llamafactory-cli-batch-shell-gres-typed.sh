#!/bin/bash
# family: a package's console command run straight from the batch shell (no srun): LLaMA-Factory starts
# torchrun on the node's GPUs itself when FORCE_TORCHRUN is set
#SBATCH --job-name=sft
#SBATCH --nodes=1
#SBATCH --gres=gpu:a100:4
#SBATCH --cpus-per-task=32
#SBATCH --mem=200G
#SBATCH --time=12:00:00
source activate lmf
export FORCE_TORCHRUN=1
llamafactory-cli train examples/train_full/qwen2_full_sft.yaml
