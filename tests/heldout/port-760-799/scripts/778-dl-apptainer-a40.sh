#!/bin/bash
#SBATCH --job-name=asr-a40
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA40x4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --mem=200g
#SBATCH --time=12:00:00
#SBATCH --constraint="projects"

IMAGE=/sw/external/NGC/pytorch_24.05-py3.sif

srun apptainer exec --nv --bind /projects/bbka:/projects/bbka $IMAGE \
    torchrun --standalone --nproc_per_node=4 train_asr.py --batch 32 --epochs 15
