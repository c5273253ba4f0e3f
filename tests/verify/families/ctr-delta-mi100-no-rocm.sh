#!/bin/bash
# cluster: delta
# expect: container-no-gpu warning apptainer exec
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuMI100x8
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --time=02:00:00
apptainer exec /sw/external/MI100/pytorch-rocm.sif torchrun --standalone --nproc_per_node=8 train.py
