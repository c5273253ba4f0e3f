#!/bin/bash
# cluster: perlmutter
# family: header - a commented-out directive after the first command is not a directive
# modelled on https://docs.nersc.gov/jobs/ (##SBATCH to disable a line)
#SBATCH -A m4242_g
#SBATCH -C gpu
#SBATCH -q debug
#SBATCH -t 00:10:00
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=4
module load pytorch
##SBATCH --exclusive
srun python -c 'import torch; print(torch.cuda.device_count())'
