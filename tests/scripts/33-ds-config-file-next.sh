#!/bin/bash
# family: DeepSpeed config in a file next to the script (ds_zero2_offload.json)
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -p gpu
#SBATCH -A abc123-gpu
#SBATCH -t 02:00:00
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29600
srun python finetune_bert.py --deepspeed_config ds_zero2_offload.json --epochs 3
