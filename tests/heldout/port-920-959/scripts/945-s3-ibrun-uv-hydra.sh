#!/bin/bash
#SBATCH -J resnet-hydra
#SBATCH -p h100
#SBATCH -N 1
#SBATCH -n 4
#SBATCH -t 04:00:00
#SBATCH -A ASC25002

cd $SCRATCH/repos/vision-hydra
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500

# 4 ranks on the node; train.py reads PMI_RANK/PMI_SIZE for its process group
ibrun -np 4 uv run python train.py model=resnet50 +trainer.precision=bf16 ++optim.lr=0.4 dataset.root=/scratch/tacc/imagenet
