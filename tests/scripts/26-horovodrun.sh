#!/bin/bash
# family: not DDP - horovodrun on one node
#SBATCH -N 1
#SBATCH --ntasks-per-node=8
#SBATCH --gpus=8
#SBATCH -p GPU
#SBATCH -A cis210000p
#SBATCH -t 00:30:00
horovodrun -np 8 -H localhost:8 python tensorflow2_keras_mnist.py
