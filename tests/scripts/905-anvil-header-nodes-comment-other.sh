#!/bin/bash
# family: node count on the submit line (neighbour) - the header has -N: a comment that names another
# count on the sbatch line does not replace it
# (for a bigger run: sbatch -N 8 run_anvil.sh)
#SBATCH -A cis230060-gpu
#SBATCH -p gpu
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 04:00:00

module load modtree/gpu
module load learning/conda-2021.05-py38-gpu
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun python train_resnet.py --arch resnet50 --epochs 90
