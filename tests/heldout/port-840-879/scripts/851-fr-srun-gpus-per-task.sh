#!/bin/bash
#SBATCH -A CSC612
#SBATCH -J mae-pretrain
#SBATCH -o logs/mae-%j.out
#SBATCH -t 02:00:00
#SBATCH -p batch
#SBATCH -N 16
#SBATCH --network=disable_rdzv_get

module load PrgEnv-gnu/8.6.0
module load rocm/6.2.4
module load rccl-net-plugin
module load craype-accel-amd-gfx90a
source activate /lustre/orion/csc612/proj-shared/envs/torch-rocm62

export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
export MIOPEN_USER_DB_PATH=/tmp/miopen-$USER
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH

# one task per GCD, 7 cores each; every task sees its GCD as device 0
srun -N16 -n128 -c7 --gpus-per-task=1 --gpu-bind=closest \
    python -u train_mae.py --data /lustre/orion/csc612/proj-shared/ssl4eo --epochs 100 --blr 1.5e-4
