#!/bin/bash
# family: wrappers - a container runtime with options that take values, on Delta
# (https://docs.ncsa.illinois.edu/systems/delta/en/latest/user_guide/containers.html)
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --partition=gpuA100x4
#SBATCH --account=bbka-delta-gpu
#SBATCH --time=01:00:00
srun apptainer exec --nv -B /projects:/projects --pwd $PWD pytorch_24.03.sif python train.py --amp
