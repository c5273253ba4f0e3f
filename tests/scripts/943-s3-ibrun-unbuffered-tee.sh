#!/bin/bash
# widen: unbuffered python, the output through tee -a
#SBATCH -J pinn
#SBATCH -p h100
#SBATCH -N 2
#SBATCH -n 8
#SBATCH -t 08:00:00
#SBATCH -A TG-PHY250001

module load cuda/12.4 python/3.10
source $WORK/venvs/pinn/bin/activate
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500
ibrun python -u train_pinn.py --steps 200000 2>&1 | tee -a pinn.log
