#!/bin/bash
#SBATCH -A CSC588
#SBATCH -J gpt-ddp
#SBATCH -o %x-%j.out
#SBATCH -t 01:30:00
#SBATCH -p batch
#SBATCH -N 2
#SBATCH --network=disable_rdzv_get

module load PrgEnv-gnu/8.6.0 rocm/6.2.4 craype-accel-amd-gfx90a miniforge3/23.11.0-0
source activate /lustre/orion/csc588/proj-shared/envs/torch-rocm62

export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
export NCCL_SOCKET_IFNAME=hsn0
export FI_CXI_RDZV_PROTO=alt_read
export MIOPEN_USER_DB_PATH="/tmp/my-miopen-cache"
export MIOPEN_CUSTOM_CACHE_DIR=${MIOPEN_USER_DB_PATH}
rm -rf ${MIOPEN_USER_DB_PATH}
mkdir -p ${MIOPEN_USER_DB_PATH}

srun -N2 -n16 -c7 --gpus-per-task=1 --gpu-bind=closest python3 -W ignore -u train_gpt.py --batch-size 16 --epochs 2
