#!/bin/bash
#SBATCH -J pinn-ls6
#SBATCH -o pinn.o%j
#SBATCH -e pinn.e%j
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 6
#SBATCH -t 10:00:00
#SBATCH -A ASC23017

module load gcc/11.2.0 cuda/12.2 python3/3.9.7
source $SCRATCH/python-envs/pinn/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=12355

# 6 MPI ranks (3 per node, one per A100); train_pinn.py takes rank/world/local rank from mpi4py
ibrun -np 6 python3 train_pinn.py --problem navier_stokes_3d --collocation 2000000 --iters 50000
