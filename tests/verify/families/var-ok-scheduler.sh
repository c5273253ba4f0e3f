#!/bin/bash
# cluster: perlmutter
# absent: variable-unset
# no-errors
#SBATCH -A m4242_g
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -t 02:00:00
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
module load pytorch/2.3.1
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=$((10000 + SLURM_JOB_ID % 20000))
export WORLD_SIZE=$SLURM_NTASKS
srun python train.py --epochs 10
