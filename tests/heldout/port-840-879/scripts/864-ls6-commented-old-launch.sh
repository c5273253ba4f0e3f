#!/bin/bash
#SBATCH -J asr-ft
#SBATCH -p gpu-a100-dev
#SBATCH -N 1
#SBATCH -n 3
#SBATCH -t 01:30:00
#SBATCH -A ASC24011

module load python3/3.9.7
source $SCRATCH/python-envs/asr/bin/activate
cd /work/07412/jdoe/ls6/asr

# old launcher, kept for reference (torch 1.x days):
# python -m torch.distributed.launch --nproc_per_node=2 --use_env old_train.py --epochs 5 --bs 8
torchrun --standalone --nproc_per_node=3 train_asr.py --manifest $WORK/data/train.json --epochs 20
