#!/bin/bash
# family: not DDP - Horovod under ibrun on Lonestar6 (3 A100 per node)
# (https://docs.tacc.utexas.edu/hpc/lonestar6/)
#SBATCH -J hvd
#SBATCH -N 2
#SBATCH -n 6
#SBATCH -p gpu-a100
#SBATCH -t 01:00:00
#SBATCH -A MLL23005
module load cuda
ibrun -np 6 python3 keras_mnist_hvd.py --epochs 3
