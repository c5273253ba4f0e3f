#!/bin/bash
# family: variables - the program's arguments come from variables the script sets to constants just before
# the launch: the reading gives their values
#SBATCH -A cis240099-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 12:00:00

module load modtree/gpu
module load learning/conda-2021.05-py38-gpu
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500

DATA=data/imagenet
EPOCHS=90
LR=3e-4
BS=256
srun python train_imagenet.py --data ${DATA}/train --epochs $EPOCHS --lr "$LR" --batch-size $BS --seed 1
