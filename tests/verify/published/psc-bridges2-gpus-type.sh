#!/bin/bash
# cluster: bridges2
# family: launcher details - GPUs asked as TYPE:N (--gpus=v100-32:8), torchrun on one node
# modelled on https://www.psc.edu/resources/bridges-2/user-guide/#gpu-partitions and
# https://github.com/pscedu/bridges2-examples
#SBATCH -N 1
#SBATCH -p GPU
#SBATCH -t 8:00:00
#SBATCH --gpus=v100-32:8
#SBATCH -A abc123p
module load anaconda3
conda activate myenv
torchrun --nproc_per_node=8 train.py --bf16 False
