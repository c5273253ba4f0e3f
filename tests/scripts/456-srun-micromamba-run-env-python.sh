#!/bin/bash
# family: each task runs Python inside a micromamba environment (srun micromamba run -n ENV python ...)
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --time=03:00:00
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29501
srun micromamba run -n torch24 python train_gnn.py --dataset ogbn-products --hidden 256
