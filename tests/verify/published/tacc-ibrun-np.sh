#!/bin/bash
# cluster: lonestar6
# family: launcher details - ibrun -np N on Lonestar6's three-GPU A100 nodes, one MPI rank per GPU
# modelled on https://docs.tacc.utexas.edu/hpc/lonestar6/#jobs-gpu
#SBATCH -J hvd
#SBATCH -o hvd.o%j
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 6
#SBATCH -t 01:00:00
#SBATCH -A MyProject
module load cuda/12.2 python3
ibrun -np 6 python3 pytorch_horovod.py --epochs 3
