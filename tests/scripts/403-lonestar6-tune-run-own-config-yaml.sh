#!/bin/bash
# family: torchtune - a config file of the user's own, one Lonestar6 A100 node (3 GPUs)
#SBATCH -J tune-8b
#SBATCH -p gpu-a100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 03:00:00
#SBATCH -A TG-ASC123456

module load cuda/12.2
source $WORK/envs/tt/bin/activate
tune run --nnodes 1 --nproc_per_node 3 full_finetune_distributed --config ./configs/my_8B_full.yaml
