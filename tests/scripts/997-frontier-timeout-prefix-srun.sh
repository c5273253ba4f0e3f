#!/bin/bash
# shape: `timeout` before srun so the job saves a checkpoint before the wall
#SBATCH -A CLI115
#SBATCH -J climax
#SBATCH -p batch
#SBATCH -N 2
#SBATCH -t 02:00:00

module load PrgEnv-gnu rocm/6.0.0
source activate /lustre/orion/cli115/proj-shared/envs/climax
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
timeout 115m srun -N 2 -n 16 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest \
    python train_climate.py --epochs 30
