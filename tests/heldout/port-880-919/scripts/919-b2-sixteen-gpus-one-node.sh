#!/bin/bash
#SBATCH -J b2-vit16
#SBATCH -A cis230077p
#SBATCH -p GPU
#SBATCH -N 1
#SBATCH --gpus=v100-32:16
#SBATCH --ntasks-per-node=1
#SBATCH -t 12:00:00
#SBATCH -o vit16-%j.out

SIF=/ocean/containers/ngc/pytorch/pytorch_latest.sif
cd /ocean/projects/cis230077p/$USER/deit

singularity exec --nv -B /ocean $SIF \
    torchrun --nnodes=1 --nproc_per_node=16 main.py --model deit_base_patch16_224 --batch-size 64 --data-path /ocean/datasets/community/imagenet --output_dir out/deit-b
