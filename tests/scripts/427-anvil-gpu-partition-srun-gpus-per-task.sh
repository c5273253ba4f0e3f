#!/bin/bash
# family: Purdue Anvil GPU partition, one task per GPU with --gpus-per-task, ranks from Slurm's env
#SBATCH -A abc123-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH --cpus-per-task=32
#SBATCH -t 04:00:00

module load modtree/gpu
module load learning/conda-2021.05-py38-gpu
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500

srun --gpu-bind=closest python train.py --amp
