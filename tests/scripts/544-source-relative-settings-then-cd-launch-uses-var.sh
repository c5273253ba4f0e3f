#!/bin/bash
# family: a settings file sourced by a relative path sets what the launch line uses ($DATA_ROOT), then a
# cd into a sub-directory: carried, the file must be read before the cd (its path is the submit
# directory's)
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=03:00:00
#SBATCH --partition=gpuA100x4
#SBATCH --account=bcde-delta-gpu
source ./settings.sh
cd runs/exp12
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29517
srun python ../../train.py --data "$DATA_ROOT/shards" --epochs 8
