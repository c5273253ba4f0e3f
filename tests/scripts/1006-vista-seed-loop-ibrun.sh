#!/bin/bash
# shape: a loop over seeds, one 4-node run after the other
#SBATCH -J seeds
#SBATCH -p gh
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 08:00:00
#SBATCH -A CCR25003

module load gcc cuda python3
export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500
for SEED in 11 22 33; do
    ibrun python3 train_rl.py --seed $SEED
done
