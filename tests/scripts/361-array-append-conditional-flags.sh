#!/bin/bash
# family: arguments gathered in an array with += (one of them only when a variable is set)
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=06:00:00

ARGS=(--data /scratch/data --epochs 20)
ARGS+=(--batch-size 128)
if [ -n "$RESUME" ]; then
    ARGS+=(--resume "$RESUME")
fi
srun torchrun --standalone --nproc_per_node=4 train_cls.py "${ARGS[@]}"
