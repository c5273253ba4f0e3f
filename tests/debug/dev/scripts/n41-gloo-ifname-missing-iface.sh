#!/bin/bash
#SBATCH -N 2
#SBATCH --gpus-per-node=4
export GLOO_SOCKET_IFNAME=ib0
srun python train.py
