#!/bin/bash
#SBATCH -A BIF146
#SBATCH -J swin-frontier
#SBATCH -p batch
#SBATCH -N 4
#SBATCH -t 01:30:00
#SBATCH -S 8
#SBATCH --network=disable_rdzv_get
#SBATCH -o %x-%j.out

module load PrgEnv-gnu/8.6.0
module load rocm/6.2.4
module load craype-accel-amd-gfx90a
module load miniforge3/23.11.0-0
source activate /lustre/orion/bif146/proj-shared/envs/torch25-rocm62

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=3442
export NCCL_SOCKET_IFNAME=hsn0
export MIOPEN_USER_DB_PATH=/tmp/$USER-miopen
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH

# one task per GCD; rank/world come from SLURM_PROCID / SLURM_NTASKS inside swin_train.py (no torchrun on Frontier)
srun -N 4 -n 32 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest \
    python swin_train.py --cfg configs/swinv2_base.yaml --batch-size 96 --data-path /lustre/orion/bif146/world-shared/imagenet
