#!/bin/bash
# family: wrappers + variables - the interpreter held in a variable (conda env path) on Bridges-2
#SBATCH -N 1
#SBATCH -p GPU-shared
#SBATCH --gpus=v100-32:4
#SBATCH --ntasks-per-node=4
#SBATCH -A abc210004p
#SBATCH -t 02:00:00
PY=$PROJECT/envs/torch/bin/python
srun $PY -u train.py --lr 0.01
