#!/bin/bash
# family: variables - the launcher command built in a string
#SBATCH -N 2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH -t 04:00:00
#SBATCH -A m1212_g
#SBATCH -C gpu
#SBATCH -q regular
LAUNCHER="torchrun --nnodes 2 --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint $(hostname):29500"
PROGRAM="pretrain.py --config gpt_small.yaml"
srun $LAUNCHER $PROGRAM
