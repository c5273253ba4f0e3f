#!/bin/bash
#SBATCH --job-name=seg-ddp
#SBATCH --account=bcjw-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --constraint="scratch"
#SBATCH --time=06:00:00
#SBATCH --output=seg-%j.out

module reset
module load pytorch-conda/2.8
export NCCL_SOCKET_IFNAME=hsn

HEAD_IP=$(hostname -I | awk '{print $1}')
echo "head node ip: $HEAD_IP"

srun torchrun --nnodes 2 --nproc_per_node 4 \
    --rdzv_id $SLURM_JOB_ID --rdzv_backend c10d --rdzv_endpoint $HEAD_IP:29500 \
    train_seg.py --config configs/seg.yaml --workers 8
