#!/bin/bash
# family: a university cluster: --gpus counts the job's GPUs (8 over 2 nodes), one task per GPU
#SBATCH --job-name=ddp
#SBATCH --nodes=2
#SBATCH --ntasks=8
#SBATCH --gpus=8
#SBATCH --cpus-per-task=8
#SBATCH --time=08:00:00
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29400
srun python train.py --bs 32
