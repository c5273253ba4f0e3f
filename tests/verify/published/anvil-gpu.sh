#!/bin/bash
# cluster: anvil
# family: Anvil GPU partition, torchrun on one node
# modelled on https://www.rcac.purdue.edu/knowledge/anvil/run/examples/slurm/gpu
#SBATCH -A cis230000-gpu
#SBATCH -p gpu
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=1:00:00
#SBATCH -J torch-gpu
module load modtree/gpu
module load learning/conda-2021.05-py38-gpu
module load ml-toolkit-gpu/pytorch
torchrun --standalone --nproc_per_node=4 train.py
