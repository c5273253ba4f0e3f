#!/bin/bash
# family: the launcher held in a variable with a default the job never overrides
# (LAUNCH="${LAUNCHER:-srun} ..."), then $LAUNCH python ...; NCSA Delta
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=16
#SBATCH --mem=0
#SBATCH --time=08:00:00

module load anaconda3_gpu
LAUNCH="${LAUNCHER:-srun} --cpu-bind=cores"
$LAUNCH python train_gnn.py --dataset ogbn-products --epochs 200
