#!/bin/bash
# family: MosaicML Composer's own launcher (composer -n GPUS script.py) on one node: a launcher like
# torchrun, the training program after it
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --cpus-per-task=32
#SBATCH --time=04:00:00
composer -n 4 train.py --run_name vit-b16 --max_duration 10ep
