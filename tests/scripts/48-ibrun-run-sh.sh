#!/bin/bash
# family: launcher details - TACC's per-node helper: ibrun starts run.sh once per node, run.sh runs torchrun
#SBATCH -J llm
#SBATCH -p gh
#SBATCH -N 4
#SBATCH -n 4
#SBATCH -t 04:00:00
#SBATCH -A CCR24000
module load gcc cuda python3_mpi
export MASTER_ADDR=$(scontrol show hostnames | head -n 1)
ibrun ./run.sh
