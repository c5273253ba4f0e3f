#!/bin/bash
# family: NERSC 80 GB A100 nodes (constraint gpu&hbm80g), srun with -l -u, one task per GPU
#SBATCH -C gpu&hbm80g
#SBATCH -q regular
#SBATCH -A m4321
#SBATCH -N 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -c 32
#SBATCH -t 02:00:00
module load pytorch/2.3.1
MASTER_ADDR=$(hostname)
export MASTER_ADDR
export MASTER_PORT=29507
srun -l -u python train_vit.py --amp
