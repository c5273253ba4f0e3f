#!/bin/bash
# family: variables - arguments built from variables that use other variables
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -p gpuA40x4
#SBATCH -A bcde-delta-gpu
#SBATCH -t 04:00:00
EPOCHS=${EPOCHS:-90}
DATA_DIR=/scratch/bcde/imagenet
OUT_DIR=$DATA_DIR/../runs/$SLURM_JOB_ID
ARGS="--data $DATA_DIR --out $OUT_DIR"
srun python train_imagenet.py $ARGS --epochs $EPOCHS
