#!/bin/bash
# cluster: perlmutter
# expect: variable-unset error export MASTER_ADDR
#SBATCH -A m4242_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 02:00:00
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
set -euo pipefail
module load pytorch/2.3.1
NODE_LIST=$SLURM_JOB_NODELIST
export MASTER_ADDR=$(scontrol show hostnames "$NODELIST" | head -n 1)
export MASTER_PORT=29500
srun python train.py --epochs 10
