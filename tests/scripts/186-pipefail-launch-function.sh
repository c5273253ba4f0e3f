#!/bin/bash
# family: set -euo pipefail and a function that wraps the launch
#SBATCH -N 2
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH -C gpu
#SBATCH -q regular
#SBATCH -A m1234_g
#SBATCH -t 02:00:00
set -euo pipefail
log() { echo "[$(date +%T)] $*"; }
run_train() {
    srun --cpu-bind=cores python train.py "$@"
}
export MASTER_ADDR=$(scontrol show hostnames "$SLURM_JOB_NODELIST" | head -n 1)
log "starting"
run_train --config configs/base.yaml --epochs 20
log "done"
