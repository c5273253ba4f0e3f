#!/bin/bash
# family: header forms - -G 16 (GPUs in all) and no -N on Frontier's 8-GCD nodes: two nodes, each task one GCD
#SBATCH -A abc123
#SBATCH -p batch
#SBATCH -G 16
#SBATCH --ntasks-per-gpu=1
#SBATCH -t 02:00:00
export MASTER_ADDR=$(hostname)
export MASTER_PORT=3442
srun -c 7 --gpu-bind=closest python3 pretrain.py --bf16
