#!/bin/bash
#SBATCH -J sd-finetune
#SBATCH -p h100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 10:00:00
#SBATCH -A TG-ASC250012
#SBATCH -o sd.%j.out

module load tacc-apptainer
cd $SCRATCH/diffusion

apptainer exec --nv $SCRATCH/containers/pytorch_24.08.sif \
    torchrun --standalone --nproc_per_node 4 train_diffusion.py --resolution 512 --train_batch_size 16 --mixed_precision bf16
