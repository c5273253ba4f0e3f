#!/bin/bash
# family: a JAX program under Open MPI's mpirun (jax.distributed.initialize() detects Open MPI by itself)
#SBATCH -J jax-gpt
#SBATCH -p gh
#SBATCH -N 8
#SBATCH -n 8
#SBATCH -t 12:00:00
#SBATCH -A CCR25003

module load gcc cuda openmpi
source $SCRATCH/venvs/jax0.4.30/bin/activate
export XLA_PYTHON_CLIENT_PREALLOCATE=false
mpirun -np 8 --map-by ppr:1:node python3 train_gpt_jax.py --model gpt2-medium --steps 60000
