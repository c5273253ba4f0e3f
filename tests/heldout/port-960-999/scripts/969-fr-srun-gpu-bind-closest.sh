#!/bin/bash
#SBATCH -A CSC599
#SBATCH -J swin-fr
#SBATCH -p batch
#SBATCH -N 4
#SBATCH -t 02:00:00
#SBATCH -o %x-%j.out

module load PrgEnv-gnu
module load rocm/6.2.4
module load miniforge3
source activate /ccs/proj/csc599/envs/torch-rocm
export MIOPEN_USER_DB_PATH=/tmp/miopen-$USER
export MIOPEN_CUSTOM_CACHE_DIR=$MIOPEN_USER_DB_PATH
export OMP_NUM_THREADS=7

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=3442
export NCCL_SOCKET_IFNAME=hsn0

# one rank per GCD; train_swin.py reads SLURM_PROCID / SLURM_LOCALID / SLURM_NTASKS
srun -N 4 -n 32 --ntasks-per-node=8 --cpus-per-task=7 --gpus-per-task=1 --gpu-bind=closest \
    python -u train_swin.py --cfg configs/swin_base.yaml --batch-size 64
