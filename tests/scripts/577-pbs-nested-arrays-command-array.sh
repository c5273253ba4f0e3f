#!/bin/bash
# family: the program's arguments in one array, the command in another that holds it ("${args[@]}"
# inside cmd=(...)), run as "${cmd[@]}" by mpiexec; ALCF Polaris
#PBS -A MyProject
#PBS -q prod
#PBS -l select=16:system=polaris
#PBS -l place=scatter
#PBS -l walltime=03:00:00
#PBS -l filesystems=home:eagle

cd "$PBS_O_WORKDIR"
module use /soft/modulefiles
module load conda
conda activate base

args=(--model resnet152 --batch-size 128)
args+=(--epochs 90 --label-smoothing 0.1)
cmd=(python3 train_imagenet.py "${args[@]}")
mpiexec -n 64 --ppn 4 --depth=16 --cpu-bind depth "${cmd[@]}"
