#!/bin/bash
# family: a job array as a hyper-parameter sweep - each element one node, torchrun --standalone over
# its 4 GPUs, the learning rate picked from a bash array by the element index; %2 limits concurrency
#SBATCH --array=0-3%2
#SBATCH --nodes=1
#SBATCH --ntasks=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=04:00:00
#SBATCH --output=sweep_%A_%a.log
LRS=(1e-4 3e-4 1e-3 3e-3)
LR=${LRS[$SLURM_ARRAY_TASK_ID]}
torchrun --standalone --nproc_per_node=4 train.py --lr $LR --run-name sweep-$SLURM_ARRAY_TASK_ID
