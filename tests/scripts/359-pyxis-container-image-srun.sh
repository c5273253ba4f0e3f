#!/bin/bash
# family: Pyxis/enroot - srun's --container-image runs the task inside an NGC image
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-node=8
#SBATCH --time=01:00:00

srun --container-image=nvcr.io#nvidia/pytorch:24.05-py3 \
     --container-mounts="$PWD":/workspace \
     --container-workdir=/workspace \
     python train.py --batch-size 64
