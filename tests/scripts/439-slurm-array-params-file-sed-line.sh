#!/bin/bash
# family: a job array whose tasks each read one line of a parameter file (sed -n "Np") and hand the words
# to the trainer; one 2-GPU run per task
#SBATCH --array=1-6%2
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --gpus-per-node=2
#SBATCH --cpus-per-task=8
#SBATCH --time=03:00:00
#SBATCH --output=logs/sweep_%A_%a.out
PARAMS=$(sed -n "${SLURM_ARRAY_TASK_ID}p" sweep_params.txt)
export MASTER_ADDR=$(hostname)
export MASTER_PORT=$((29500 + SLURM_ARRAY_TASK_ID))
srun python train.py $PARAMS --run-name "sweep_${SLURM_ARRAY_TASK_ID}"
