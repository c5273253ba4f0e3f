#!/bin/bash
#SBATCH -J h100-lora
#SBATCH -p gpu-h100
#SBATCH -N 1
#SBATCH -n 2
#SBATCH -t 20:00:00
#SBATCH -A ASC24017

module load gcc/11.2.0 cuda/12.2 python3/3.9.7
source $SCRATCH/envs/peft/bin/activate
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
ibrun python lora_train.py --base mistralai/Mistral-7B-v0.3 --lora-r 16 --bf16
