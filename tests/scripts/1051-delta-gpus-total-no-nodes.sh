#!/bin/bash
# family: header forms - a GPU total with no node count (--gpus=8): sbatch allocates enough nodes for it, on
# Delta's 4-GPU A100 nodes two; --ntasks-per-gpu=1 gives one task per GPU
#SBATCH -A bbka-delta-gpu
#SBATCH -p gpuA100x4
#SBATCH --gpus=8
#SBATCH --ntasks-per-gpu=1
#SBATCH --cpus-per-task=16
#SBATCH -t 04:00:00
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun python train.py --epochs 20
