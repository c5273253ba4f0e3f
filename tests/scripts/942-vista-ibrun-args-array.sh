#!/bin/bash
# widen: the arguments in an array, one task per GH200 node under ibrun
#SBATCH -J rn152
#SBATCH -p gh
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 10:00:00
#SBATCH -A TG-CIS250600

module load gcc cuda python3
source $WORK/venvs/torch/bin/activate
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500
TRAIN_ARGS=(--model resnet152 --epochs 30 --workers 16)
ibrun python train_resnet.py "${TRAIN_ARGS[@]}"
