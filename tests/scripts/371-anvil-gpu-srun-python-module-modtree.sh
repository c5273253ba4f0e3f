#!/bin/bash
# family: Purdue Anvil GPU partition, modtree/gpu modules, srun of a python module
#SBATCH -A cis240000-gpu
#SBATCH -p gpu
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00

module --force purge
module load modtree/gpu
module load learning/conda-2024.02-py311-gpu ml-toolkit-gpu/pytorch

srun python -m mypkg.train --epochs 8 --amp
