#!/bin/bash
# family: an argument array extended with += twice, unconditionally, then a plain srun
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00

OPTS=(--model vit_b_16)
OPTS+=(--epochs 90)
OPTS+=(--amp --workers 8)
srun python train.py "${OPTS[@]}"
