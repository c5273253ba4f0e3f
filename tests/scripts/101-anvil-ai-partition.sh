#!/bin/bash
# family: fingerprints - Anvil's ai partition with a -gpu allocation
# (https://www.rcac.purdue.edu/knowledge/anvil/run/partitions)
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -p ai
#SBATCH -A cis250010-ai
#SBATCH -t 01:00:00
srun python train.py
