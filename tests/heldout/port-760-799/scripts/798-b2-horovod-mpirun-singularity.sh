#!/bin/bash
#SBATCH -J hvd-resnet
#SBATCH -p GPU
#SBATCH -N 2
#SBATCH --ntasks-per-node=8
#SBATCH --gpus=v100-32:16
#SBATCH -t 04:00:00
#SBATCH --account=tra250008p
#SBATCH -o /ocean/projects/tra250008p/%u/hvd-%j.out

IMAGE=/ocean/containers/ngc/pytorch/pytorch_latest.sif

# Horovod: one MPI rank per V100, Open MPI from inside the NGC image
mpirun -np 16 -npernode 8 -x NCCL_DEBUG=INFO -x HOROVOD_FUSION_THRESHOLD=67108864 \
    singularity exec --nv $IMAGE \
    python pytorch_horovod_imagenet.py --epochs 90 --batch-size 64 --fp16-allreduce
