#!/bin/bash
# widen: a job array, each element one fold of a cross-validation (the index in the arguments)
#SBATCH --job-name=cv
#SBATCH --account=bjkl-delta-gpu
#SBATCH --partition=gpuA40x4
#SBATCH --array=0-4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=06:00:00
#SBATCH --output=cv-%A_%a.out

module load anaconda3_gpu
export MASTER_ADDR=$(hostname)
export MASTER_PORT=$((29500 + SLURM_ARRAY_TASK_ID))
srun python train_cv.py --fold $SLURM_ARRAY_TASK_ID --seed ${SLURM_ARRAY_TASK_ID} --epochs 40
