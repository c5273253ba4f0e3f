#!/bin/bash
# family: site options - resources on the sbatch line (sbatch -N 2 --gpus-per-node=4 job.sh)
HEAD=$(scontrol show hostnames $SLURM_JOB_NODELIST | head -n 1)
srun torchrun --nnodes $SLURM_NNODES --nproc_per_node 4 --rdzv_backend c10d --rdzv_endpoint $HEAD:29500 train.py
