#!/bin/bash
# s24: arguments in a bash array whose elements use variables built from other variables
#SBATCH -A BIO321
#SBATCH -J esm
#SBATCH -N 2
#SBATCH -t 02:00:00
#SBATCH -p batch

module load PrgEnv-gnu rocm/6.0.0 miniforge3
source activate esm
export MASTER_ADDR=$(hostname)
export MASTER_PORT=3442
ROOT=/lustre/orion/bio321/proj-shared/esm
DATA=$ROOT/data
CKPT=$ROOT/ckpt
ARGS=(--model esm2_650m --data "$DATA" --save "$CKPT")
srun -N 2 -n 16 --ntasks-per-node=8 --gpus-per-task=1 --gpu-bind=closest python finetune_esm.py "${ARGS[@]}"
