#!/bin/bash
#SBATCH -A CSC612
#SBATCH -J mae-pretrain
#SBATCH -o %x-%j.out
#SBATCH -t 02:00:00
#SBATCH -p batch
#SBATCH -N 4
#SBATCH --network=disable_rdzv_get

module load PrgEnv-gnu/8.6.0
module load rocm/6.2.4
module load craype-accel-amd-gfx90a
module load miniforge3/23.11.0-0
source activate /lustre/orion/csc612/proj-shared/envs/torch-rocm
module load rccl-net-plugin

export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
export NCCL_SOCKET_IFNAME=hsn0
export MIOPEN_USER_DB_PATH=/tmp/$USER-miopen
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH

# one task per GCD (no torchrun, as OLCF advises). Each task sees one GCD as cuda:0;
# train_mae.py takes RANK/LOCAL_RANK/WORLD_SIZE from SLURM_PROCID/SLURM_LOCALID/SLURM_NTASKS.
srun -N 4 -n 32 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest \
    python -u train_mae.py --model mae_vit_base --epochs 100 --blr 1.5e-4 --data /lustre/orion/csc612/proj-shared/imagenet
