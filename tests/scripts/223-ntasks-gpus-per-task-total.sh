#!/bin/bash
# family: total tasks with one GPU each across two nodes
#SBATCH --nodes=2
#SBATCH --ntasks=8
#SBATCH --gpus-per-task=1
#SBATCH --cpus-per-task=16
#SBATCH -p gpu
#SBATCH -t 03:00:00
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun python ddp_train.py
