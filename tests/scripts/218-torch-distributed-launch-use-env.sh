#!/bin/bash
# family: the legacy launcher python -m torch.distributed.launch --use_env on one node
#SBATCH --job-name=legacy
#SBATCH --nodes=1
#SBATCH --gres=gpu:4
#SBATCH --cpus-per-gpu=4
#SBATCH --time=1-00:00:00
python -m torch.distributed.launch --nproc_per_node=4 --use_env main.py --batch-size 64 --model deit_small
