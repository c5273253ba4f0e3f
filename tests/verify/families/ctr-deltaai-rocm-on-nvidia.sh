#!/bin/bash
# cluster: deltaai
# expect: container-no-gpu error apptainer exec
#SBATCH -A bbka-dtai-gh
#SBATCH -p ghx4
#SBATCH -N 1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
apptainer exec --rocm /sw/user/NGC_containers/pytorch_25.08-py3.sif torchrun --standalone --nproc_per_node=4 train.py
