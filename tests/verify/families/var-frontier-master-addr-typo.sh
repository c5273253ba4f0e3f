#!/bin/bash
# cluster: frontier
# expect: variable-unset error export MASTER_ADDR
#SBATCH -A BIF123
#SBATCH -p batch
#SBATCH -N 4
#SBATCH -t 01:00:00
module load PrgEnv-gnu rocm/6.2.4
head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR=$head_node
export MASTER_PORT=29500
srun -N 4 -n 32 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest python train.py --epochs 5
