#!/bin/bash
# family: a run name from $(date) and a path built from two variables, both carried with the port
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m4321
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 03:00:00
RUN_NAME=exp_$(date +%F)_${SLURM_JOB_ID}
OUT_ROOT=$PWD/runs
mkdir -p "${OUT_ROOT}/${RUN_NAME}"
MASTER_ADDR=$(hostname)
export MASTER_ADDR
export MASTER_PORT=29500
srun python train.py --output_dir ${OUT_ROOT}/${RUN_NAME} --epochs 20
