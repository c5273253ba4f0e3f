#!/bin/bash
# family: OLCF style: unset SLURM_EXPORT_ENV, ROCm modules, MIOpen cache, srun per GPU, the program takes its own address/port
#SBATCH -A ABC123
#SBATCH -J ddp_test
#SBATCH -o logs/ddp-%j.o
#SBATCH -t 00:30:00
#SBATCH -p batch
#SBATCH -N 2
unset SLURM_EXPORT_ENV
module load PrgEnv-gnu/8.5.0
module load rocm/6.0.0
module load craype-accel-amd-gfx90a
module load miniforge3/23.11.0-0
source activate /lustre/orion/abc123/proj-shared/envs/torch
export MASTER_ADDR=$(hostname -i)
export MIOPEN_USER_DB_PATH="/tmp/my-miopen-cache"
export MIOPEN_CUSTOM_CACHE_DIR=${MIOPEN_USER_DB_PATH}
rm -rf ${MIOPEN_USER_DB_PATH}
mkdir -p ${MIOPEN_USER_DB_PATH}
srun -N2 -n16 -c7 --gpus-per-task=1 --gpu-bind=closest python3 -W ignore -u ./ddp_example.py --master_addr=$MASTER_ADDR --master_port=3442
