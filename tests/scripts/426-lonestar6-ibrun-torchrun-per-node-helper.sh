#!/bin/bash
# family: TACC Lonestar6 (3 A100 per node), torchrun once per node through ibrun with -n = nodes
#SBATCH -J resnet
#SBATCH -o resnet.o%j
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 01:30:00
#SBATCH -A MyTACCProject

module load cuda/12.2
source $SCRATCH/envs/torch/bin/activate
MASTER=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)

ibrun -n 2 torchrun --nnodes 2 --nproc_per_node 3 --rdzv_backend c10d --rdzv_endpoint $MASTER:29400 resnet_ddp.py --epochs 20
