#!/bin/bash
#SBATCH -A GEN150
#SBATCH -J swin-torchrun
#SBATCH -t 01:30:00
#SBATCH -N 4
#SBATCH -p batch
#SBATCH --ntasks-per-node=1
#SBATCH -c 56
#SBATCH --gpus-per-node=8

module load PrgEnv-gnu/8.6.0 rocm/6.2.4 miniforge3/23.11.0-0
source activate /lustre/orion/gen150/scratch/$USER/envs/swin
export NCCL_SOCKET_IFNAME=hsn0

srun torchrun --nnodes 4 --nproc_per_node 8 \
    --rdzv_backend c10d --rdzv_id $SLURM_JOB_ID --rdzv_endpoint localhost:29500 \
    train_swin.py --cfg configs/swin_base.yaml --batch-size 32
