#!/bin/bash
#SBATCH -J elastic
#SBATCH -p gpu-a100
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 12:00:00
#SBATCH -A ASC23013

module load python3/3.9.7 cuda/12.2
HEAD=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)

srun torchrun --nnodes=1:4 --nproc_per_node=3 --max-restarts=3 \
    --rdzv_id=$SLURM_JOB_ID --rdzv_backend=c10d --rdzv_endpoint=$HEAD:29400 \
    train_elastic.py --epochs 100 --checkpoint-dir $SCRATCH/ckpt
