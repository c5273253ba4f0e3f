#!/bin/bash
# family: all output sent through tee with exec > >(...) before the launch; set -euo pipefail
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gres=gpu:4
#SBATCH --time=00:45:00
set -euo pipefail
LOG=logs/run_${SLURM_JOB_ID}.log
mkdir -p logs
exec > >(tee -a "$LOG") 2>&1

srun --kill-on-bad-exit=1 python -u train.py --seed "${SEED:-0}" --out "runs/${SLURM_JOB_ID}"
