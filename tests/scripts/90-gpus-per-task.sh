#!/bin/bash
# family: launcher details - --gpus-per-task with ranks per node (OLCF's layout, Frontier)
# (https://docs.olcf.ornl.gov/systems/frontier_user_guide.html)
#SBATCH -A STF006
#SBATCH -N 4
#SBATCH --ntasks-per-node=8
#SBATCH --gpus-per-task=1
#SBATCH -p batch
#SBATCH -t 00:30:00
export MASTER_ADDR=$(hostname -i)
export MASTER_PORT=3442
srun -c 7 --gpu-bind=closest python3 -W ignore -u ./multinode.py 2000 10
