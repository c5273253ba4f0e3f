#!/bin/bash
# family: variables - a path built from a constant and one from the login environment ($SCRATCH): the
# first is read, the second stays live
#SBATCH -J clip
#SBATCH -p gh
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 06:00:00
#SBATCH -A TG-ASC250011

module load gcc cuda python3
source $WORK/venvs/clip/bin/activate
DATASET=laion400m
OUTDIR=$SCRATCH/clip-runs
HEAD=$(hostname)
ibrun torchrun --nnodes 2 --nproc_per_node 1 --rdzv_backend c10d --rdzv_endpoint $HEAD:29400 \
    train_clip.py --dataset shards/$DATASET --output-dir $OUTDIR
