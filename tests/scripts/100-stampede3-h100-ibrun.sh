#!/bin/bash
# family: fingerprints + launcher details - Stampede3's h100 partition with ibrun
# (https://docs.tacc.utexas.edu/hpc/stampede3/)
#SBATCH -J train
#SBATCH -p h100
#SBATCH -N 1
#SBATCH -n 4
#SBATCH -t 02:00:00
#SBATCH -A TRA24001
module load cuda
ibrun python3 train.py --epochs 5
