#!/bin/bash
# family: TACC Vista Grace Hopper nodes: one GPU per node, ibrun starts one python per node
#SBATCH -J gh
#SBATCH -o gh.o%j
#SBATCH -p gh
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 02:00:00
#SBATCH -A ABC24001
module load gcc cuda python3_mpi
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
ibrun python3 train.py --epochs 3
