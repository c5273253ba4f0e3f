#!/bin/bash
# family: Apptainer image, torchrun inside apptainer exec --nv
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --partition=gpuA100x4
#SBATCH --account=bbka-delta-gpu
#SBATCH --time=01:00:00
IMAGE=/sw/external/NGC/pytorch_24.03.sif
apptainer exec --nv --bind /projects $IMAGE torchrun --standalone --nproc_per_node=4 train.py --bs 128
