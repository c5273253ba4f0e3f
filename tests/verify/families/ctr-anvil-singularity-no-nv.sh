#!/bin/bash
# cluster: anvil
# expect: container-no-gpu error singularity exec
#SBATCH -A cis230000-gpu
#SBATCH -p gpu
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
SIF=/apps/ngc/images/pytorch_24.03-py3.sif
singularity exec $SIF torchrun --standalone --nproc_per_node=4 finetune.py --epochs 3
