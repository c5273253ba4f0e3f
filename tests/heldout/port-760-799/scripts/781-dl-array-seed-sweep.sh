#!/bin/bash
#SBATCH --job-name=sweep
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --array=0-4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --mem=120g
#SBATCH --time=03:00:00
#SBATCH --output=sweep-%A_%a.out

module reset
module load pytorch-conda/2.8

# one array task per seed, each on a whole quad-A100 node
srun torchrun --standalone --nproc_per_node=4 train_sweep.py --seed $SLURM_ARRAY_TASK_ID --lr 3e-4
