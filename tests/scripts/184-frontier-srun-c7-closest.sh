#!/bin/bash
# family: OLCF Frontier, one rank per GCD with -c7 and --gpu-bind=closest, ROCm module
#SBATCH -A ABC123
#SBATCH -J ddp
#SBATCH -o %x-%j.out
#SBATCH -t 01:00:00
#SBATCH -p batch
#SBATCH -N 2
module load PrgEnv-gnu/8.5.0
module load rocm/6.2.4
module load craype-accel-amd-gfx90a
source activate /lustre/orion/abc123/proj-shared/envs/torch
export MIOPEN_USER_DB_PATH=/tmp/my-miopen-cache
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
export NCCL_SOCKET_IFNAME=hsn0
srun -N2 -n16 -c7 --gpus-per-task=1 --gpu-bind=closest python3 -u train.py --epochs 4
