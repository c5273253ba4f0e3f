#!/bin/bash
# cluster: vista
# family: launcher details - TACC ibrun, one task per node, the per-node helper script runs torchrun
# modelled on https://docs.tacc.utexas.edu/hpc/vista/#running and
# https://docs.tacc.utexas.edu/tutorials/pytorch/ (ibrun ./run.sh inside the allocation)
#SBATCH -J llm
#SBATCH -o llm.o%j
#SBATCH -p gh
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 02:00:00
#SBATCH -A MyProject
module load gcc cuda python3
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_NODELIST" | head -n 1)
ibrun ./run.sh
