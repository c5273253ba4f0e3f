#!/bin/bash
#SBATCH --job-name=swinv2-4n
#SBATCH --account=bcxq-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=4
#SBATCH --ntasks=16
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --exclusive
#SBATCH --mem=0
#SBATCH --constraint="scratch&projects"
#SBATCH --time=24:00:00
#SBATCH --output=swin-%j.out

module reset
module load pytorch-conda/2.8
export NCCL_SOCKET_IFNAME=hsn
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500

# 16 tasks over 4 nodes; the rank variables have to be set inside each task
srun --cpu-bind=cores bash -c 'RANK=$SLURM_PROCID LOCAL_RANK=$SLURM_LOCALID WORLD_SIZE=$SLURM_NTASKS python train_swin.py --cfg configs/swinv2_base_256.yaml --data-path /scratch/bcxq/imagenet --batch-size 64'
