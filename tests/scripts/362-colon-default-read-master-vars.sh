#!/bin/bash
# family: variables set by `: "${X:=default}"`, `read` from a process substitution and declare -i
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=04:00:00

: "${EPOCHS:=10}"
: "${MASTER_PORT:=29500}"
read -r MASTER_ADDR < <(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
declare -i NPROC=4

srun torchrun --nnodes "$SLURM_NNODES" --nproc_per_node "$NPROC" \
    --rdzv_backend c10d --rdzv_endpoint "$MASTER_ADDR:$MASTER_PORT" \
    train.py --epochs "$EPOCHS"
