#!/bin/bash
#SBATCH -A proj042
#SBATCH -p batch
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 03:00:00

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29600

srun --container-image=nvcr.io#nvidia/pytorch:24.09-py3 --container-mounts=$PWD:/ws --container-workdir=/ws \
    python -u train_bert.py --max-steps 100000 --local-batch 32
