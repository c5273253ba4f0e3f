#!/bin/bash
# cluster: bridges2
# family: launcher details - --gres=gpu:TYPE:N in the shared GPU partition
# modelled on https://www.psc.edu/resources/bridges-2/user-guide/ (GPU-shared examples)
#SBATCH -N 1
#SBATCH -p GPU-shared
#SBATCH -t 2:00:00
#SBATCH --gres=gpu:v100-32:2
#SBATCH -A abc123p
module load anaconda3
conda activate myenv
python -m torch.distributed.run --standalone --nproc_per_node=2 train.py
