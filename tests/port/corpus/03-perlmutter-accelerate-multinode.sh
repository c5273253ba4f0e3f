#!/bin/bash -l
#SBATCH --job-name=sdxl-lora
#SBATCH --account=m3792_g
#SBATCH --constraint=gpu&hbm80g
#SBATCH --qos=regular
#SBATCH --nodes 2
#SBATCH --ntasks-per-node 1
#SBATCH --gpus-per-node 4
#SBATCH --cpus-per-task 128
#SBATCH --time 06:00:00

set -x
cd $SLURM_SUBMIT_DIR

module load conda
conda activate diffusers-env

export HF_HOME=$PSCRATCH/huggingface
export WANDB_PROJECT=sdxl-lora
export WANDB_MODE=offline

head_node=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_ADDR=$head_node
export MASTER_PORT=29500

srun --nodes=2 --ntasks-per-node=1 bash -c 'accelerate launch \
  --multi_gpu \
  --num_machines 2 \
  --num_processes 8 \
  --machine_rank $SLURM_NODEID \
  --main_process_ip $MASTER_ADDR \
  --main_process_port $MASTER_PORT \
  --mixed_precision bf16 \
  train_text_to_image_lora_sdxl.py \
  --pretrained_model_name_or_path stabilityai/stable-diffusion-xl-base-1.0 \
  --dataset_name lambdalabs/naruto-blip-captions \
  --resolution 1024 \
  --train_batch_size 1 \
  --max_train_steps 10000 \
  --validation_prompt "a man in a green coat, naruto style" \
  --output_dir $PSCRATCH/sdxl-lora-naruto'
