#!/bin/bash
#SBATCH -J lora-h100
#SBATCH -p gpu-h100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 04:00:00
#SBATCH -A CCR23041

module load python3/3.9.7
source /work/05531/asmith/ls6/envs/peft/bin/activate

NGPU=2
CMD="torchrun --standalone --nproc_per_node=${NGPU} finetune_lora.py --rank 16 --alpha 32 --base mistralai/Mistral-7B-v0.3"
echo "running: $CMD"
eval "$CMD"
