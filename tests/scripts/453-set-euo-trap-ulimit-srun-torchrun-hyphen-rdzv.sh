#!/bin/bash
# family: a strict-mode script (set -euo pipefail, an ERR trap, ulimit) that starts torchrun once per node
# with the hyphenated option spellings (--nproc-per-node, --rdzv-backend, --rdzv-endpoint)
#SBATCH --job-name=lm-pretrain
#SBATCH --nodes=2
#SBATCH --ntasks-per-node=1
#SBATCH --gres=gpu:4
#SBATCH --cpus-per-task=32
#SBATCH --time=12:00:00
#SBATCH --exclusive
set -euo pipefail
trap 'echo "job failed at line $LINENO" >&2' ERR
ulimit -n 8192

head_node=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
RDZV_PORT=29400

srun --kill-on-bad-exit=1 torchrun \
    --nnodes="$SLURM_NNODES" \
    --nproc-per-node=4 \
    --rdzv-id="$SLURM_JOB_ID" \
    --rdzv-backend=c10d \
    --rdzv-endpoint="$head_node:$RDZV_PORT" \
    pretrain_lm.py --seq-len 2048 --micro-batch 8
