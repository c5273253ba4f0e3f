#!/bin/bash
# family: fed heredocs (guard) - a heredoc fed to a script that has a file operand is that script's input,
# not a program to read: the launch is the srun line
#SBATCH -A bbka-delta-gpu
#SBATCH -p gpuA100x4
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH -t 01:00:00
bash setup_env.sh <<EOF
torch==2.3.1
EOF
srun python train.py --epochs 3
