#!/bin/bash
# s24: a job array, one GPU each; the task's seed picked from an array by the array index
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=1
#SBATCH --time=01:00:00
#SBATCH --array=0-9

module load anaconda3_gpu
SEEDS=(11 22 33 44 55 66 77 88 99 111)
srun python train_rl.py --seed ${SEEDS[$SLURM_ARRAY_TASK_ID]} --env HalfCheetah-v4
