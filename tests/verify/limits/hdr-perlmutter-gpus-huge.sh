#!/bin/bash
# cluster: perlmutter
# expect: gpus-exceed-node error --gpus-per-node=99999999999
# message: gpus-exceed-node ^99999999999 GPUs per node, but a NERSC Perlmutter node has 4
# absent: gpus-idle
#SBATCH -A m4242_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 01:00:00
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=99999999999
srun python train.py --epochs 3
