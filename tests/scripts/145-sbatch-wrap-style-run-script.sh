#!/bin/bash
# family: the seed from a job array index, a default for the config, torchrun on one node
#SBATCH --array=0-4
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00
SEED=${SLURM_ARRAY_TASK_ID:-0}
torchrun --standalone --nproc_per_node=4 train.py --seed ${SEED}
