#!/bin/bash
#SBATCH --job-name=lr-sweep
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --array=0-9%4
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --cpus-per-task=32
#SBATCH --gpus-per-node=4
#SBATCH --mem=200g
#SBATCH --time=04:00:00
#SBATCH --output=sweep_%A_%a.out

module load anaconda3_gpu
source activate /projects/bbka/envs/torch

echo "trial ${SLURM_ARRAY_TASK_ID} on $(hostname)"
torchrun --standalone --nproc_per_node=4 sweep.py --trial $SLURM_ARRAY_TASK_ID --out /scratch/bbka/sweep
