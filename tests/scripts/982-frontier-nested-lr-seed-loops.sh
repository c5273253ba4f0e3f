#!/bin/bash
# s24: a grid of learning rates x seeds, two nested loops around one srun launch
#SBATCH -A BIO321
#SBATCH -J grid
#SBATCH -N 1
#SBATCH -t 02:00:00
#SBATCH -p batch

module load PrgEnv-gnu rocm/6.0.0 miniforge3
source activate grid
export MASTER_ADDR=$(hostname)
export MASTER_PORT=3442
LRS="1e-3 3e-4"
for lr in $LRS; do
    for seed in 0 1; do
        srun -N 1 -n 8 --ntasks-per-node=8 --gpus-per-task=1 --gpu-bind=closest python train_gnn.py --lr $lr --seed $seed
    done
done
