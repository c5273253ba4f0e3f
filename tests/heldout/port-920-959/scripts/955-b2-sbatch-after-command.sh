#!/bin/bash
#SBATCH -J gan-b2
#SBATCH -p GPU
#SBATCH -N 1
#SBATCH --gpus=v100-32:8
#SBATCH -A phy240087p
module load AI/pytorch_23.02-1.13.1-py3
#SBATCH -t 20:00:00
#SBATCH -o gan.%j.out

source activate $AI_ENV
cd /ocean/projects/phy240087p/$USER/stylegan

torchrun --standalone --nproc_per_node=8 train_gan.py --outdir runs --cfg stylegan3-t --data /ocean/projects/phy240087p/ffhq-256.zip --batch 64
