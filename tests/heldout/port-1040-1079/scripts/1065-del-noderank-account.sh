#!/bin/bash
#SBATCH --job-name=vqgan-f16
#SBATCH --account=bbmx-delta-cpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=3
#SBATCH --ntasks-per-node=1
#SBATCH --cpus-per-task=64
#SBATCH --gpus-per-node=4
#SBATCH --exclusive
#SBATCH --mem=0
#SBATCH --time=16:00:00
#SBATCH --constraint="scratch"

module reset
module load pytorch-conda/2.8
export NCCL_SOCKET_IFNAME=hsn
HEAD_NODE=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)

# one torchrun per node with a static rendezvous; \$SLURM_NODEID is expanded by each task
srun bash -c "torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 --node_rank=\$SLURM_NODEID \
    --master_addr=$HEAD_NODE --master_port=29500 \
    train_vqgan.py --config configs/vqgan_imagenet_f16.yaml --max_epochs 40"
