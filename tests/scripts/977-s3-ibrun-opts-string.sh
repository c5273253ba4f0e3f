#!/bin/bash
# s24: ibrun on Stampede3's H100 nodes; options in one string the shell splits, a path from $SCRATCH
#SBATCH -J swin
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 8
#SBATCH -t 04:00:00
#SBATCH -A TRA24001

module load python/3.10 cuda/12.4
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
OPTS="--epochs 40 --amp"
ibrun -np 8 python train_swin.py $OPTS --data $SCRATCH/imagenet
