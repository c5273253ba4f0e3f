#!/bin/bash
#SBATCH -J vista-long
#SBATCH -p gh-dev
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 04:00:00
#SBATCH -A CCR25006

module load gcc cuda python3
source $SCRATCH/venvs/gh/bin/activate
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500
ibrun python train_mlp.py --width 4096 --epochs 10
