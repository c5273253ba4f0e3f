#!/bin/bash
#SBATCH -J dino-s3
#SBATCH -p h100
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 36:00:00
#SBATCH -A TG-ASC250012
#SBATCH -o %x.%j.out

eval "$(micromamba shell hook --shell bash)"
micromamba activate /scratch/09876/jdoe/envs/dinov2

export MASTER_ADDR=$(scontrol show hostnames "$SLURM_NODELIST" | head -n 1)
export MASTER_PORT=29500
export OMP_NUM_THREADS=8

# one torchrun per node (Intel MPI -ppn 1), 4 H100 workers each
mpirun -np 4 -ppn 1 torchrun --nnodes=4 --nproc_per_node=4 \
    --rdzv_backend=c10d --rdzv_endpoint=$MASTER_ADDR:$MASTER_PORT \
    dinov2/train/train.py --config-file dinov2/configs/train/vitl16_short.yaml --output-dir /scratch/09876/jdoe/dino-out
