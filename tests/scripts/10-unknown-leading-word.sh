#!/bin/bash
# family: wrappers - a site launcher maple does not know in front of python: it is reported, the
# program is still the Python entry after it
#SBATCH --nodes=1
#SBATCH --gres=gpu:4
#SBATCH --ntasks-per-node=4
#SBATCH --time=1:00:00
srun mycluster_bind --verbose python train.py --lr 0.1
