#!/bin/bash
# family: the program found next to the job script through $0 / BASH_SOURCE
#SBATCH -N 1
#SBATCH --gpus-per-node=4
#SBATCH -t 1:00:00
SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
torchrun --standalone --nproc_per_node=4 ${SCRIPT_DIR}/train.py
