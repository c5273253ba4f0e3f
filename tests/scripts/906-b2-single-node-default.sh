#!/bin/bash
# family: node count on the submit line (neighbour) - a single-node job that leaves -N out and says nothing
# of the submit line: sbatch's one node
#SBATCH -p GPU-shared
#SBATCH --gpus=v100-32:4
#SBATCH --ntasks-per-node=4
#SBATCH -t 10:00:00
#SBATCH -A cis240123p

module load anaconda3
conda activate torch
echo "running on $SLURM_NNODES node(s)"
export MASTER_ADDR=localhost
export MASTER_PORT=29500
srun python train_gan.py --dataset celeba --epochs 40
