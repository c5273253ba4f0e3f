#!/bin/bash
# family: the per-node script TACC's guides start with ibrun, not beside the job script
#SBATCH -J ddp
#SBATCH -p gpu-a100
#SBATCH -N 2
#SBATCH -n 2
#SBATCH -t 02:00:00
module load cuda
ibrun ./run_node.sh
