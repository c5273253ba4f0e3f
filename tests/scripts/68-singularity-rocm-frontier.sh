#!/bin/bash
# family: wrappers - singularity with ROCm on Frontier (https://docs.olcf.ornl.gov/software/containers_on_frontier.html)
#SBATCH -A BIF136
#SBATCH -N 2
#SBATCH -t 00:40:00
#SBATCH -p batch
export MASTER_ADDR=$(hostname -i)
srun -N 2 -n 16 --gpus-per-task=1 --gpu-bind=closest singularity exec --rocm -B $PWD rocm_pytorch.sif \
    python3 -u train_resnet.py --epochs 2
