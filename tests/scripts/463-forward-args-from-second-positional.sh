#!/bin/bash
# family: the first positional argument picks the config and the rest are forwarded ("${@:2}"):
# sbatch job.sh configs/base.yaml --lr 1e-4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=06:00:00
CONFIG=${1:-configs/base.yaml}
srun torchrun --standalone --nproc_per_node=4 train.py --config "$CONFIG" "${@:2}"
