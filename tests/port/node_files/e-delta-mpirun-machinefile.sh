#!/bin/bash
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --gpus-per-node=4
#SBATCH --ntasks-per-node=4
#SBATCH --time=01:00:00
MF=machines.txt
scontrol show hostnames "$SLURM_JOB_NODELIST" > $MF
mpirun -np 8 --machinefile $MF python hvd_train.py --epochs 4
