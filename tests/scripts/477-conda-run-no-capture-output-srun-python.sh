#!/bin/bash
# family: conda run --no-capture-output -n ENV wraps python under srun (the flag keeps the output live)
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=02:30:00
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29501
srun conda run --no-capture-output -n dl24 python train.py --amp --epochs 6
