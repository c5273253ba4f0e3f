#!/bin/bash
#SBATCH -A mch240033-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=128
#SBATCH -t 12:00:00
#SBATCH -J sdxl-lora

module load modtree/gpu conda/2025.09
conda activate diffusers

MAIN=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n1)
srun bash -c "accelerate launch --multi_gpu --num_machines 2 --num_processes 4 \
    --machine_rank \$SLURM_NODEID --main_process_ip $MAIN --main_process_port 29588 \
    train_text_to_image_lora_sdxl.py --pretrained_model_name_or_path stabilityai/stable-diffusion-xl-base-1.0 \
    --train_data_dir /anvil/scratch/x-rpatel/pokemon --resolution 1024 --max_train_steps 15000"
