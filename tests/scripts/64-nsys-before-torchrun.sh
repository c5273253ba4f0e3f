#!/bin/bash
# family: wrappers - a profiler in front of torchrun (the Nsight Systems user guide's multi-process
# form, https://docs.nvidia.com/nsight-systems/UserGuide/index.html), Perlmutter project account
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -A m2468_g
#SBATCH -C gpu
#SBATCH -t 00:30:00
srun nsys profile -t cuda,nvtx -o report_%h_%p --force-overwrite true \
    torchrun --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint $(hostname):29500 \
    train_gpt.py --steps 20
