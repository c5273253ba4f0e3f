#!/bin/bash
# family: NERSC Perlmutter shared QOS, one GPU of a node, python directly
#SBATCH -A m1234_g
#SBATCH -C gpu
#SBATCH -q shared
#SBATCH -t 02:00:00
#SBATCH -n 1
#SBATCH -c 32
#SBATCH --gpus-per-task=1
module load pytorch/2.3.1
srun python finetune.py --epochs 3
