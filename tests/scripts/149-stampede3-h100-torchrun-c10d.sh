#!/bin/bash
# family: TACC Stampede3 H100 nodes, ibrun one task per node, torchrun with a c10d rendezvous
#SBATCH -J h100
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 04:00:00
#SBATCH -A ABC24002
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export HEAD
ibrun bash -c 'torchrun --nnodes=2 --nproc_per_node=4 --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29500 train.py --bf16'
