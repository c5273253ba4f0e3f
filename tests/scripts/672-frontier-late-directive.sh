#!/bin/bash
#SBATCH -J orbit-ft
#SBATCH -p batch
#SBATCH -N 4
#SBATCH -t 01:30:00
#SBATCH -o orbit-%j.out

module load PrgEnv-gnu/8.6.0 rocm/6.2.4 craype-accel-amd-gfx90a miniforge3/23.11.0-0
source activate /lustre/orion/atm112/world-shared/envs/orbit
#SBATCH -A ATM112
#SBATCH --network=disable_rdzv_get

export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
export MIOPEN_USER_DB_PATH=/tmp/miopen-$USER
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH

srun -N 4 -n 32 -c 7 --gpus-per-task=1 --gpu-bind=closest python3 -u finetune_orbit.py --cfg configs/orbit_115m.yaml --epochs 20
