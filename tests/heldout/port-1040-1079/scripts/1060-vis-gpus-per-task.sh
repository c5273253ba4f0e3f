#!/bin/bash
#SBATCH -J fno-8n
#SBATCH -p gh
#SBATCH -N 8
#SBATCH -n 8
#SBATCH --gpus-per-task=1
#SBATCH --gpu-bind=closest
#SBATCH -t 12:00:00
#SBATCH -A DMS24012
#SBATCH -o fno.o%j

module load gcc cuda
module load python3
source $SCRATCH/venvs/fno/bin/activate     # neuraloperator on top of the system torch

export MASTER_ADDR=$(scontrol show hostnames | head -n 1)
export MASTER_PORT=29500

# one rank per Grace Hopper node; train_fno.py takes its rank from the MPI environment
ibrun python3 train_fno.py --modes 32 --width 128 --epochs 300 --data $SCRATCH/ns_V1e-4_N10000.h5
