#!/bin/bash
# family: variables - the script's directory in a variable, transitively through another
#SBATCH --nodes=1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=1
#SBATCH --partition=gpuA100x4
#SBATCH --account=bcde-delta-gpu
#SBATCH --time=02:00:00
PROJ=/projects/bcde/me
CODE_DIR=$PROJ/code
srun torchrun --standalone --nproc_per_node=4 $CODE_DIR/train.py --out $PROJ/runs
