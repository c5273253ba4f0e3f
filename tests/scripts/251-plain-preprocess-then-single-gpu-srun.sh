#!/bin/bash
# family: a plain python preprocessing step (no launcher) before a single-GPU srun -n 1 training: the helper is not the training
#SBATCH -N 1
#SBATCH -n 1
#SBATCH --gpus-per-node=1
#SBATCH -p gpuA100x4
#SBATCH --account=bbkf-delta-gpu
#SBATCH -t 00:45:00
python3 preprocess.py --raw data/raw.csv --out data/clean.parquet
srun -n 1 python3 train.py --data data/clean.parquet --lr 1e-3
