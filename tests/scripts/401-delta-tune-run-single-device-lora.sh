#!/bin/bash
# family: torchtune - a single-device recipe (no torchrun options) on one A40 of Delta
#SBATCH --account=bcde-delta-gpu
#SBATCH --partition=gpuA40x4
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=1
#SBATCH --cpus-per-task=16
#SBATCH --mem=60g
#SBATCH --time=02:00:00

source ~/tune-env/bin/activate
tune run lora_finetune_single_device --config llama3_2/1B_lora_single_device batch_size=8
