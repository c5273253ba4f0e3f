#!/bin/bash
# family: srun runs bash on a helper script with arguments; the helper is elsewhere
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 04:00:00
HEAD=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun bash scripts/node_job.sh "$HEAD" 4
