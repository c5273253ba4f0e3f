#!/bin/bash
# family: TACC Vista gh-dev, one GH200 per node, srun one task per node
#SBATCH -J ddp
#SBATCH -p gh-dev
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 00:30:00
#SBATCH -A ABC24001
module load gcc cuda
source $SCRATCH/venv/bin/activate
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
srun python train.py --steps 500
