#!/bin/bash
#SBATCH --job-name=vit-h-dtai
#SBATCH --account=bbuz-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH --time=04:00:00

module reset
module load python/miniforge3_pytorch/2.7.0
export NCCL_SOCKET_IFNAME=hsn
MASTER=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)

srun torchrun --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint $MASTER:29500 --rdzv_id $SLURM_JOB_ID \
    train_vit.py --model vit_huge_patch14 --epochs 90 --data /work/nvme/bbuz/imagenet
