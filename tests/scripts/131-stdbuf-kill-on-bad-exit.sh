#!/bin/bash
# family: srun options with values and flags, then stdbuf before python
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=01:00:00
MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_ADDR
export MASTER_PORT=29500
srun --kill-on-bad-exit=1 --wait=60 --cpu-bind=cores stdbuf -oL -eL python train.py
