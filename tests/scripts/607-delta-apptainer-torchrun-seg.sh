#!/bin/bash
#SBATCH --job-name=seg-unet
#SBATCH --account=bfzq-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --constraint="scratch"
#SBATCH --time=10:00:00
#SBATCH --output=seg_%j.log

module reset
IMG=/projects/bfzq/containers/pytorch_24.05-py3.sif
head_node=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export NCCL_SOCKET_IFNAME=hsn
echo "head node $head_node"

srun apptainer exec --nv --bind /scratch/bfzq:/scratch/bfzq $IMG \
    torchrun --nnodes 2 --nproc_per_node 4 --rdzv_id $SLURM_JOB_ID --rdzv_backend c10d --rdzv_endpoint $head_node:29500 \
    train_seg.py --cfg configs/unet_r50.yaml --out /scratch/bfzq/$USER/seg
