#!/bin/bash
# family: launcher details - Open MPI's mpirun with -x exports and --bind-to (Bridges-2 GPU node)
#SBATCH -N 1
#SBATCH -n 8
#SBATCH --gpus=8
#SBATCH -p GPU
#SBATCH -A abc123456p
#SBATCH -t 01:00:00
mpirun -np 8 -x NCCL_DEBUG=INFO -x LD_LIBRARY_PATH --bind-to none python train.py --amp
