#!/bin/bash
# cluster: bridges2
# expect: container-no-gpu error singularity exec
#SBATCH -A cis230000p
#SBATCH -p GPU-shared
#SBATCH -N 1
#SBATCH --gpus=v100-32:4
#SBATCH -t 04:00:00
IMAGE=/ocean/containers/ngc/pytorch/pytorch_latest.sif
OPTS="-B /ocean"
singularity exec $OPTS $IMAGE torchrun --standalone --nproc_per_node=4 train.py
