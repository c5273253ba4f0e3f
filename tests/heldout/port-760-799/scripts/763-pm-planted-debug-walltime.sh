#!/bin/bash
#SBATCH -A m2956
#SBATCH -C gpu
#SBATCH -q debug
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH --gpu-bind=none
#SBATCH -t 02:00:00
#SBATCH -J unet3d-scale
#SBATCH -o /pscratch/sd/r/rgupta/unet3d/%x-%j.out

module load pytorch/2.3.1
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29507
export NCCL_SOCKET_IFNAME=hsn

srun python -u train_unet3d.py --epochs 4 --batch-size 2 --amp
