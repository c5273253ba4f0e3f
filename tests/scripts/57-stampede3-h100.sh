#!/bin/bash
# family: fingerprints - Stampede3 h100 queue with ibrun
#SBATCH -J h100job
#SBATCH -p h100
#SBATCH -N 1
#SBATCH -n 4
#SBATCH -t 02:00:00
#SBATCH -A TG-ABC123
module load cuda
ibrun python train.py --amp
