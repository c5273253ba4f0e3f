#!/bin/bash
#SBATCH -A cis240001-gpu
#SBATCH -p a100
#SBATCH -N 1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH -t 08:00:00

module load modtree/gpu
module load conda/2025.09
conda activate torch-env
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun python ddp_train.py --epochs 3 --data /anvil/scratch/x-user1/data
