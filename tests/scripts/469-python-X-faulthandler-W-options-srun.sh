#!/bin/bash
# family: Python's own options before the training file (python -X faulthandler -W ignore -u train.py):
# the program is the file after them, not an option's value
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=4
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=8
#SBATCH --time=01:30:00
export MASTER_ADDR=$(hostname)
export MASTER_PORT=29500
srun python -X faulthandler -W ignore::DeprecationWarning -u train_asr.py --manifest data/train.json --max-epochs 40
