#!/bin/bash
#SBATCH -A CSC588
#SBATCH -J long-run
#SBATCH -t 06:00:00
#SBATCH -p batch
#SBATCH -N 16
#SBATCH --network=disable_rdzv_get

module load PrgEnv-gnu rocm/6.2.4 craype-accel-amd-gfx90a miniforge3/23.11.0-0
source activate /lustre/orion/csc588/proj-shared/envs/torch-rocm62
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
export NCCL_SOCKET_IFNAME=hsn0

srun -N16 -n128 -c7 --gpus-per-task=1 --gpu-bind=closest python3 -u train_gpt.py --epochs 20
