#!/bin/bash
# family: the python command built with += and run unquoted under srun
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00

PY_CMD="python -u train.py"
PY_CMD+=" --dataset cifar10"
PY_CMD+=" --epochs 30"
srun $PY_CMD
