#!/bin/bash
# family: site options - no resource directives (submitted as: sbatch -N 2 --gpus-per-node=4 run.sh)
module load pytorch
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun --ntasks-per-node=4 python train.py --epochs 10
