#!/bin/bash
# family: a task total with --ntasks-per-node and no -N: Slurm takes the fewest nodes that hold them
#SBATCH -A m1111_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -n 16
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-task=1
#SBATCH -t 01:00:00
srun python train_unet.py --epochs 4
