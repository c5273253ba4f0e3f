#!/bin/bash
# family: srun bash -c "..." in double quotes, the escaped rank read by each task
#SBATCH -N 2
#SBATCH --ntasks-per-node=3
#SBATCH -p gpu-a100
#SBATCH -A ABC24001
#SBATCH -t 02:00:00
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=12345
export WORLD_SIZE=6
srun bash -c "RANK=\$SLURM_PROCID LOCAL_RANK=\$SLURM_LOCALID python train.py --epochs 3"
