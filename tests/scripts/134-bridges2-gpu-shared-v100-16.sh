#!/bin/bash
# family: PSC Bridges-2 shared GPU partition with a typed --gpus count
#SBATCH -N 1
#SBATCH -p GPU-shared
#SBATCH -t 5:00:00
#SBATCH --gpus=v100-16:4
#SBATCH -A abc123p
module load anaconda3
conda activate torch
python -m torch.distributed.run --standalone --nproc_per_node=4 train.py --data /ocean/projects/abc123/data
