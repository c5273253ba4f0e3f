#!/bin/bash
#SBATCH -J exp-runner
#SBATCH -p gh-dev
#SBATCH -N 4
#SBATCH --ntasks-per-node=1
#SBATCH -t 01:00:00
#
# usage: sbatch run_exp.sh configs/exp12.yaml [tag]

CONFIG=${1:?usage: sbatch run_exp.sh CONFIG [TAG]}
TAG=${2:-dev}

module load gcc cuda python3
source $SCRATCH/venvs/exp/bin/activate

export MASTER_ADDR=$(scontrol show hostnames $SLURM_NODELIST | head -n 1)
export MASTER_PORT=29500
ibrun python3 train.py --config "$CONFIG" --tag "$TAG"
