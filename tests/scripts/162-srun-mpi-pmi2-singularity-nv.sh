#!/bin/bash
# family: srun --mpi=pmi2 then singularity exec --nv with an image variable
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
#SBATCH -t 02:00:00
IMG=$HOME/images/torch.sif
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
srun --mpi=pmi2 singularity exec --nv "$IMG" python train.py
