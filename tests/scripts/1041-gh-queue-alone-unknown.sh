#!/bin/bash
# family: cluster inference - a queue named gh and nothing else that points at a system (no path, module,
# account or architecture): other centres name Grace Hopper queues gh too, so the cluster stays unknown
#SBATCH -p gh
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH -t 02:00:00
srun torchrun --nnodes=2 --nproc_per_node=1 --rdzv_backend=c10d --rdzv_endpoint=$(hostname):29400 train.py
