#!/bin/bash
# family: wrappers - apptainer running a double-quoted bash -c that changes directory and starts
# torchrun (single node, no srun)
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH -p gpu
#SBATCH -A lmn456-gpu
#SBATCH -t 01:00:00
IMAGE=$HOME/images/torch.sif
apptainer exec --nv --bind $PWD:/work $IMAGE bash -c "cd /work && torchrun --standalone --nproc_per_node=4 train.py --epochs 5"
