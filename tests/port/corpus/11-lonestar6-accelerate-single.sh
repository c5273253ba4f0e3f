#!/usr/bin/env bash
#SBATCH -J whisper-ft
#SBATCH -p gpu-a100-dev
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 01:30:00
#SBATCH -A CCR23041

module load python3/3.9.7
source /scratch/09876/jdoe/envs/whisper/bin/activate

export HF_HOME=/scratch/09876/jdoe/hf
export TRANSFORMERS_OFFLINE=1

nvidia-smi

accelerate launch --multi_gpu --num_processes 3 --mixed_precision bf16 \
  finetune_whisper.py \
    --model_name_or_path openai/whisper-small \
    --language "Spanish" \
    --max_steps 4000 \
    --output_dir ./whisper-small-es
