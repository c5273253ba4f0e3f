#!/bin/bash
# family: TACC Vista's Grace Hopper nodes, one GPU each, ibrun one task per node
#SBATCH -J ddp-gh
#SBATCH -o ddp.o%j
#SBATCH -p gh
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 02:00:00
#SBATCH -A MyTACCProject

module load gcc cuda
source $WORK/venvs/torch/bin/activate
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=12355

ibrun python3 train.py --epochs 5
