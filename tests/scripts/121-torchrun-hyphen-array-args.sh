#!/usr/bin/env bash
# family: torchrun options kept in a bash array, written with hyphens (torchrun accepts both spellings)
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:8
#SBATCH --time=1:00:00
#SBATCH --partition=xyz-cluster
set -eo pipefail
HEAD_NODE=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n1)
RDZV_ENDPOINT="${HEAD_NODE}:29292"
torchrun_args=(
    "--nnodes=${SLURM_JOB_NUM_NODES}"
    "--rdzv-endpoint=${RDZV_ENDPOINT}"
    "--rdzv-id=${SLURM_JOB_ID:-99}"
    "--nproc-per-node=8"
    "--max-restarts=1"
    "--rdzv-backend=c10d"
)
export OMP_NUM_THREADS=16
srun torchrun "${torchrun_args[@]}" train.py --config cfg/base.yaml
