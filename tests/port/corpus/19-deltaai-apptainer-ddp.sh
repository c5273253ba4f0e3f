#!/bin/bash
#SBATCH --job-name=segformer
#SBATCH --account=bfgh-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=72
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=45:00

# NGC PyTorch container, aarch64 build
SIF=/work/nvme/bfgh/containers/pytorch_25.01-py3.sif

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
export NCCL_SOCKET_IFNAME=hsn
export WANDB_MODE=offline
export WANDB_DIR=/work/nvme/bfgh/wandb

# train_seg.py derives its rank from the SLURM_* variables
srun apptainer exec --nv --bind /work/nvme/bfgh $SIF \
    python train_seg.py --cfg configs/segformer_b5_ade.yaml --amp --workers 16
