#!/bin/bash
# cluster: perlmutter
# absent: env-not-propagated
# --export=NONE undone for the job steps: `unset SLURM_EXPORT_ENV` before srun, which then passes the environment
#SBATCH -A m1234
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -t 02:00:00
#SBATCH --export=NONE
unset SLURM_EXPORT_ENV
module load pytorch/2.6.0
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun python train.py
