#!/bin/bash
# family: launcher details - a scaling study written as separate torchrun lines (1, 2 nodes)
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -p gpuA100x4
#SBATCH -A abcd-delta-gpu
#SBATCH -t 01:00:00
HEAD=$(hostname)
srun -N 1 torchrun --nnodes 1 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint $HEAD:29500 bench.py --tag n1
srun -N 2 torchrun --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint $HEAD:29500 bench.py --tag n2
