#!/bin/bash -l
# family: a PBS job whose launch sits in a function that binds its first argument to a variable
# (SEED=$1) the launch line uses; the function is called once
#PBS -A MyProject
#PBS -q prod
#PBS -l select=10:system=polaris
#PBS -l place=scatter
#PBS -l walltime=02:00:00
#PBS -l filesystems=home:eagle

cd "${PBS_O_WORKDIR}"
module use /soft/modulefiles
module load conda
conda activate base

NNODES=$(wc -l < "$PBS_NODEFILE")
train_one() {
    SEED=$1
    mpiexec -n $((NNODES * 4)) --ppn 4 --depth=16 --cpu-bind depth python train_mae.py --seed "$SEED" --epochs 100
}

train_one 17
