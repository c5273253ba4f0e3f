#!/bin/bash
#SBATCH --job-name=hvd-r50
#SBATCH --account=bcdz-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=3
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --mem=0
#SBATCH --exclusive
#SBATCH --time=10:00:00

module reset
module load anaconda3_gpu
conda activate /projects/bcdz/envs/hvd-torch

# Horovod: rank and size come from the MPI environment srun sets up, 1 task per GPU
srun python pytorch_imagenet_resnet50.py \
    --train-dir /scratch/bcdz/imagenet/train \
    --val-dir /scratch/bcdz/imagenet/val \
    --epochs 90 --batch-size 32 --fp16-allreduce
