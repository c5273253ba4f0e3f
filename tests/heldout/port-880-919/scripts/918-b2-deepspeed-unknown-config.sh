#!/bin/bash
#SBATCH -J b2-llava
#SBATCH -A cis250201p
#SBATCH -p GPU
#SBATCH -N 1
#SBATCH --gpus=h100-80:8
#SBATCH -t 10:00:00
#SBATCH -o llava-%j.out

module load anaconda3
conda activate /ocean/projects/cis250201p/$USER/envs/llava
cd /ocean/projects/cis250201p/$USER/LLaVA

deepspeed --num_gpus 8 llava/train/train_mem.py \
    --deepspeed ./scripts/zero_config.json \
    --model_name_or_path lmsys/vicuna-7b-v1.5 \
    --data_path ./playground/data/llava_v1_5_mix665k.json \
    --image_folder ./playground/data \
    --bf16 True \
    --output_dir ./checkpoints/llava-v1.5-7b
