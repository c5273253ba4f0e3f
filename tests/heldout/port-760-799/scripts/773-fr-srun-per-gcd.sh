#!/bin/bash
#SBATCH -A CSC612
#SBATCH -J cosmo-ddp
#SBATCH -o /lustre/orion/csc612/scratch/%u/logs/%x-%j.out
#SBATCH -t 01:30:00
#SBATCH -p batch
#SBATCH -N 4
#SBATCH --network=disable_rdzv_get

module load PrgEnv-gnu/8.6.0
module load rocm/6.2.4
module load rccl-net-plugin
module load craype-accel-amd-gfx90a
source activate /lustre/orion/csc612/proj-shared/envs/torch-rocm

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=3442
export NCCL_SOCKET_IFNAME=hsn0
export MIOPEN_USER_DB_PATH=/tmp/miopen-$USER
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH

# one task per GCD; the program reads SLURM_PROCID / SLURM_LOCALID / SLURM_NTASKS
srun -N 4 -n 32 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest \
    python -u train_cosmo.py --epochs 40 --amp --ckpt-dir checkpoints
