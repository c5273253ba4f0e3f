#!/bin/bash
# family: torchrun's options kept in a bash array and expanded on the launch line ("${ARR[@]}")
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=8
#SBATCH --cpus-per-task=96
#SBATCH --time=20:00:00
set -euo pipefail
RDZV_HOST=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
TORCHRUN_ARGS=(
    --nnodes=2
    --nproc-per-node=8
    --rdzv-backend=c10d
    --rdzv-endpoint="$RDZV_HOST":29292
    --max-restarts=1
)
export OMP_NUM_THREADS=12
srun torchrun "${TORCHRUN_ARGS[@]}" pretrain.py --model 1b --bf16
