#!/bin/bash
# cluster: delta
# absent: container-no-gpu
#SBATCH --account=bbka-delta-gpu
#SBATCH --partition=gpuA100x4
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00
# apptainer reads its options from APPTAINER_<OPTION> variables: APPTAINER_NV=1 is --nv
export APPTAINER_NV=1
head=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
srun apptainer exec /sw/external/NGC/pytorch_22.02-py3.sif \
    torchrun --nnodes=2 --nproc_per_node=4 --rdzv_backend=c10d --rdzv_endpoint=$head:29500 train.py
