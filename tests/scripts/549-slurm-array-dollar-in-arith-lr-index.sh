#!/bin/bash
# family: an array index read with its dollar sign inside arithmetic, picking a learning rate from a
# bash array; the port must carry both the array and the renamed index
#SBATCH -J lr-grid
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 04:00:00
#SBATCH --array=0-5
LRS=(1e-4 3e-4 1e-3)
IDX=$(( $SLURM_ARRAY_TASK_ID % 3 ))
LR=${LRS[$IDX]}
srun python finetune.py --lr $LR --run-id ${SLURM_ARRAY_TASK_ID}
