#!/bin/bash
# family: a scaling study - the comments show several submissions of different sizes; the script
# itself has no count, so its size is unknown (never the first comment's)
#   sbatch -N 1 scale.sh   # baseline
#   sbatch -N 4 scale.sh   # 4 nodes
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00

srun torchrun --nnodes=$SLURM_NNODES --nproc_per_node=4 --rdzv_backend=c10d \
    --rdzv_endpoint=$(hostname):29500 bench_allreduce.py --sizes 1M,16M,256M
