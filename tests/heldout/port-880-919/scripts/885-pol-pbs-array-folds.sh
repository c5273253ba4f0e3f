#!/bin/bash -l
#PBS -N cv-fold
#PBS -A CompBioAI
#PBS -q preemptable
#PBS -r y
#PBS -J 1-5
#PBS -l select=1:system=polaris
#PBS -l place=scatter
#PBS -l walltime=08:00:00
#PBS -l filesystems=home:eagle

# one sub-job per cross-validation fold; each fold trains on one full node

cd "$PBS_O_WORKDIR"
module use /soft/modulefiles
module load conda
conda activate /lus/eagle/projects/CompBioAI/envs/torch25

FOLD=${PBS_ARRAY_INDEX}
OUT=/eagle/CompBioAI/cv/fold_${FOLD}
mkdir -p $OUT

export MASTER_ADDR=$(hostname)
export MASTER_PORT=$((29000 + FOLD))

mpiexec -n 4 --ppn 4 --depth 16 --cpu-bind depth \
    python3 train_fold.py --fold $FOLD --num-folds 5 --save-dir $OUT
