#!/bin/bash
#SBATCH --job-name=mae-gh
#SBATCH --account=bfqx-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH --mem=0
#SBATCH --time=06:00:00
#SBATCH --output=mae-%j.out

module load python/miniforge3_pytorch/2.7.0
export NCCL_SOCKET_IFNAME=hsn
export HEAD_NODE=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)

srun torchrun --nnodes=2 --nproc_per_node=4 \
    --rdzv_backend=c10d --rdzv_endpoint=${MASTER_ADDR}:29500 --rdzv_id=$SLURM_JOB_ID \
    pretrain_mae.py --model mae_vit_base_patch16 --epochs 200 --data_path /work/nvme/bfqx/$USER/imagenet
