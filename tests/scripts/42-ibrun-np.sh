#!/bin/bash
# family: launcher details - ibrun -np N on a TACC system (https://docs.tacc.utexas.edu/hpc/lonestar6/)
#SBATCH -J ddp
#SBATCH -o ddp.o%j
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 6
#SBATCH -t 01:00:00
#SBATCH -A ASC23000
module load cuda/12.2
ibrun -np 6 python train_ddp.py --epochs 2
