#!/bin/bash
# family: Purdue Anvil gpu partition, learning modules, mpirun one rank per GPU
#SBATCH -A abc123-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=2
#SBATCH --gpus-per-node=2
#SBATCH --time=1:30:00
module load modtree/gpu
module load learning/conda-2021.05-py38-gpu
module load ml-toolkit-gpu/pytorch
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
mpirun -np 4 python ddp_mnist.py
