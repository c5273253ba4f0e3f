#!/bin/bash
#SBATCH -J h100-ddp
#SBATCH -p h100
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH -t 06:00:00
#SBATCH -A TG-CIS240100

module load cuda/12.4 python/3.10
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500

srun python -u train_dino.py --world-size $SLURM_NTASKS --epochs 100
