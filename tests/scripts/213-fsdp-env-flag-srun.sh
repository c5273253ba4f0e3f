#!/bin/bash
# family: FSDP chosen by a command-line flag of the user's program, srun one rank per GPU
#SBATCH -N 4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -C gpu&hbm80g
#SBATCH -q regular
#SBATCH -A m1234_g
#SBATCH -t 06:00:00
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
srun python train.py --parallelism fsdp --model 7b
