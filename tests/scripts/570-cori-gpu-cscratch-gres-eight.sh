#!/bin/bash
# family: a script of a retired machine whose header looks like a profiled one's (NERSC Cori GPU: -C gpu,
# an m-account, 8 V100 per node) but whose file system is Cori's ($CSCRATCH at /global/cscratch1): the
# cluster is none of maple's, and its 8 GPUs per node are no error
#SBATCH -C gpu
#SBATCH -A m2345
#SBATCH -N 1
#SBATCH --gres=gpu:8
#SBATCH --ntasks-per-node=8
#SBATCH -c 10
#SBATCH -t 02:00:00

srun python train_unet.py --data /global/cscratch1/sd/$USER/climate --epochs 20
