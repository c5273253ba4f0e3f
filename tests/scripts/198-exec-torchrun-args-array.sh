#!/usr/bin/env bash
# family: set -euo pipefail, torchrun options in an array, exec torchrun with forwarded arguments
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --time=10:00:00
set -euo pipefail
RANK_ZERO_NODE=$(scontrol show hostnames ${SLURM_JOB_NODELIST} | sort | head -n1)
torchrun_args=(
    "--nnodes=${SLURM_JOB_NUM_NODES}"
    "--rdzv-endpoint=${RANK_ZERO_NODE}:29292"
    "--rdzv-id=${SLURM_JOB_ID:-99}"
    "--nproc-per-node=8"
    "--rdzv-backend=c10d"
)
export OMP_NUM_THREADS=16
srun torchrun "${torchrun_args[@]}" train.py "$@"
