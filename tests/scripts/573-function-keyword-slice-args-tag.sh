#!/bin/bash
# family: `function NAME {` with a slice of its arguments ("${@:2}") on the launch line and its first
# argument as a tag; OLCF Frontier, one task per GCD
#SBATCH -A CSC123
#SBATCH -J slice
#SBATCH -N 2
#SBATCH -t 01:00:00
#SBATCH -p batch

module load PrgEnv-gnu rocm/6.0.0
source activate /lustre/orion/csc123/proj-shared/envs/torch

function launch {
    srun -N 2 -n 16 -c 7 --gpus-per-task=1 --gpu-bind=closest python3 -u finetune.py "${@:2}" --run-name "$1"
}

launch ablation-a --lr 1e-4 --batch-size 32
