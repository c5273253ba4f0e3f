#!/bin/bash
#$ -N vit-sge
#$ -cwd
#$ -pe smp 32
#$ -l gpu=4
#$ -l h_rt=12:00:00
#$ -l h_vmem=8G
#$ -j y
#$ -o logs/$JOB_NAME.$JOB_ID.log

module load cuda/12.1
source $HOME/venvs/vit/bin/activate
export OMP_NUM_THREADS=8
torchrun --standalone --nproc_per_node=4 train_vit.py --model vit_b16 --data /scratch/$USER/imagenet
