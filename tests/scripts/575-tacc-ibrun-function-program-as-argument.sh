#!/bin/bash
# family: a function that holds the launcher, called with the program and its arguments; TACC
# Lonestar6 (ibrun, one task per GPU)
#SBATCH -J fnlaunch
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 6
#SBATCH -t 05:00:00
#SBATCH -A ASC23001

module load cuda/12.2
source $WORK/venvs/pt/bin/activate

launch() {
    ibrun python -u "$@"
}

launch train_unet.py --data $SCRATCH/brats --epochs 40
