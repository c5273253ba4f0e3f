#!/bin/bash
#SBATCH -J hvd-resnet
#SBATCH -A cis220071p
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus=v100-32:16
#SBATCH -t 05:00:00

module load openmpi/4.0.5-gcc10.2.0
SIF=/ocean/containers/ngc/pytorch/pytorch_latest.sif

# Horovod: one MPI rank per GPU
mpirun -np 16 -npernode 8 singularity exec --nv $SIF python pytorch_imagenet_resnet50.py --epochs 5 --batch-size 32 --train-dir /ocean/datasets/community/imagenet/train
