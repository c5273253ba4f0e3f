#!/bin/bash
#SBATCH --job-name=dinov2-vitl
#SBATCH --account=bekx-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=64
#SBATCH --mem=0
#SBATCH --time=18:00:00
#SBATCH --output=%x-%j.out

module reset
module load pytorch-conda/2.8

srun torchrun --nnodes=2 --nproc_per_node=4 \
    --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=localhost:29400 \
    dinov2/train/train.py --config-file configs/vitl14_in1k.yaml --output-dir /work/nvme/bekx/$USER/dinov2_vitl
