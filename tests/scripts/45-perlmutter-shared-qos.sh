#!/bin/bash
# family: launcher details - Perlmutter's shared QOS with 1 GPU (https://docs.nersc.gov/jobs/policy/)
#SBATCH -A m1234_g
#SBATCH -C gpu
#SBATCH -q shared
#SBATCH -t 00:30:00
#SBATCH -n 1
#SBATCH -c 32
#SBATCH --gpus-per-task=1
srun python finetune_small.py --epochs 1
