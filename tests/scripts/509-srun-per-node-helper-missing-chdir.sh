#!/bin/bash
# family: srun runs a per-node helper script that is not beside the job script (#SBATCH --chdir to the old checkout)
#SBATCH --job-name=multinode
#SBATCH --nodes=2
#SBATCH --ntasks=2
#SBATCH --gpus-per-task=1
#SBATCH --exclusive
#SBATCH --chdir=/home/me/src/ddp-series
srun -l --ntasks-per-node=1 slurm/run_torchrun.sh
