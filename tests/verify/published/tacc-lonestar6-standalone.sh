#!/bin/bash
# cluster: lonestar6
# family: one node, torchrun --standalone over the node's three A100s
# modelled on https://docs.tacc.utexas.edu/hpc/lonestar6/ (GPU nodes, job scripts)
#SBATCH -J ls6-train
#SBATCH -p gpu-a100
#SBATCH -N 1
#SBATCH -n 1
#SBATCH -t 06:00:00
#SBATCH -A TRA23001
module load cuda/12.2
source "$WORK/venvs/torch/bin/activate"
torchrun --standalone --nproc_per_node=3 train.py --data "$SCRATCH/imagenet"
