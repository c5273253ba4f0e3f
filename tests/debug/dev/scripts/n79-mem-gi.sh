#!/bin/bash
#SBATCH --job-name=align
#SBATCH --nodes=1
#SBATCH --mem=8Gi
#SBATCH --time=02:00:00
srun python align.py
