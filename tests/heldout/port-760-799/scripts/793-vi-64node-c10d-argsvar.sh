#!/bin/bash
#SBATCH -J vit-h-64
#SBATCH -p gh
#SBATCH -N 64
#SBATCH -n 64
#SBATCH -t 24:00:00
#SBATCH -A TG-CIS250333
#SBATCH -o vith.o%j
#SBATCH --mail-type=END

module load gcc cuda
module load python3
source $SCRATCH/venvs/vit/bin/activate

RDZV_HOST=$(hostname)
TRAIN_ARGS="--model vit_huge_patch14 --epochs 300 --batch-size 64 --amp"

ibrun torchrun --nnodes 64 --nproc_per_node 1 \
    --rdzv_backend c10d --rdzv_endpoint ${RDZV_HOST}:29400 --rdzv_id vith-$SLURM_JOB_ID \
    train_vit.py $TRAIN_ARGS
