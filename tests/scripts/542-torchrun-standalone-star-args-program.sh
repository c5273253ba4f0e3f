#!/bin/bash
# family: torchrun whose program comes from the job's own arguments with an unquoted $*
#SBATCH --nodes=1
#SBATCH --gres=gpu:4
#SBATCH --time=03:00:00
#SBATCH --partition=gpu
torchrun --standalone --nproc_per_node=4 $*
