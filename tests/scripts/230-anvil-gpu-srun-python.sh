#!/bin/bash
# family: Purdue Anvil GPU partition, srun one rank per GPU
#SBATCH -A cis230000-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 04:00:00
module load modtree/gpu
module load learning/conda-2024.02-py311-gpu
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun python train.py --epochs 30
