#!/bin/bash
# family: Open MPI mpirun, one rank per GPU, the program maps OMPI ranks itself
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
module load openmpi
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
mpirun -np 8 --map-by ppr:4:node --bind-to none -x MASTER_ADDR -x MASTER_PORT python train_ddp.py
