#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=2
#SBATCH --gpus-per-node=2
#SBATCH --time=00:20:00
export NCCL_DEBUG=WARN
export NCCL_NET=IB
srun -l python train.py
