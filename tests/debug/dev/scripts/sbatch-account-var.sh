#!/bin/bash
#SBATCH --job-name=lwfa
#SBATCH --account=$proj
#SBATCH --partition=k80
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
#SBATCH --time=02:00:00
proj=k80
srun ./bin/picongpu -d 1 4 1 -g 128 256 128 -s 100
