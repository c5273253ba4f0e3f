#!/bin/bash
# family: TACC ibrun after a cd into $WORK (a path of the old centre, not carried)
#SBATCH -J resnet
#SBATCH -o resnet.o%j
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 6
#SBATCH -t 04:00:00
#SBATCH -A TRA12345
module load cuda/12.2
source $WORK/envs/torch/bin/activate
cd $WORK/projects/resnet
ibrun -np 6 python train_resnet.py --data $SCRATCH/imagenet --epochs 90
