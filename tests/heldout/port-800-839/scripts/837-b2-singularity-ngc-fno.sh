#!/bin/bash
#SBATCH -J fno-b2
#SBATCH -A phy240031p
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=1
#SBATCH -t 18:00:00
#SBATCH -o %x-%j.out

SIF=/ocean/containers/ngc/pytorch/pytorch_24.01-py3.sif
DATA=/ocean/projects/phy240031p/shared/ns2d
MASTER=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)

srun singularity exec --nv -B /ocean $SIF \
  torchrun --nnodes=2 --nproc_per_node=8 --rdzv_backend=c10d --rdzv_endpoint=$MASTER:29500 --rdzv_id=$SLURM_JOB_ID \
  train_fno.py --data $DATA --modes 16 --width 64 --epochs 500 --amp fp16
