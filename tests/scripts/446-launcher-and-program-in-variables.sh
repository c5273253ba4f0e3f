#!/bin/bash
# family: the launcher and the program are kept in two variables and joined on the launch line
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
export MASTER_ADDR=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
export MASTER_PORT=29500
LAUNCHER="srun --ntasks-per-node=4 --gpus-per-task=1"
PROGRAM="python train.py --epochs 12 --batch-size 64"
$LAUNCHER $PROGRAM
