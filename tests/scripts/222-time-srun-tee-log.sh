#!/bin/bash
# family: the launch under `time`, its output teed to a log, a trap for cleanup
#SBATCH --nodes=4
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --partition=gpuA100x4
#SBATCH --account=bbka-delta-gpu
#SBATCH --time=06:00:00
trap 'echo job ended' EXIT
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
time srun python train.py --epochs 90 2>&1 | tee train-$SLURM_JOB_ID.log
