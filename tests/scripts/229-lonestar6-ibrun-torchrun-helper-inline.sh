#!/bin/bash
# family: TACC Lonestar6 A100 nodes, mpirun one process per node running torchrun for its 3 GPUs
#SBATCH -J ddp
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 02:00:00
#SBATCH -A ABC24001
module load cuda/12.2
source $WORK/venv/bin/activate
MASTER=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
mpirun -np 2 -ppn 1 torchrun --nnodes 2 --nproc_per_node 3 --rdzv_backend c10d --rdzv_endpoint $MASTER:29500 train.py
