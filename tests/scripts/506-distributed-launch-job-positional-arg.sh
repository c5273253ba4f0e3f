#!/bin/bash
# family: the deprecated distributed launcher on one node, the job argument $1 forwarded to the program
#SBATCH -A mylab
#SBATCH -J scream
#SBATCH -p gpu
#SBATCH --cpus-per-task=8
#SBATCH --gres=gpu:2
#SBATCH -t 2-00:00:00
python -m torch.distributed.launch --master_port 49123 --nproc_per_node=2 train_sep.py $1
