#!/bin/bash
# cluster: frontier
# absent: container-no-gpu
#SBATCH -A BIF123
#SBATCH -p batch
#SBATCH -N 2
#SBATCH -t 01:00:00
SIF=/lustre/orion/bif123/proj-shared/containers/rocm-pytorch.sif
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
export MASTER_PORT=29500
srun -N 2 --ntasks-per-node=8 -c 7 --gpus-per-task=1 --gpu-bind=closest \
    apptainer exec --bind /lustre/orion "$SIF" python3 train.py --epochs 4
