#!/bin/bash
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --gpu-bind=single:1
#SBATCH --time=00:30:00

srun -l python train_jax.py --config cfg.py
