#!/bin/bash
# family: launcher details - Bridges-2 GPU-shared with --gpus=v100-32:4 (https://www.psc.edu/resources/bridges-2/user-guide/)
#SBATCH -N 1
#SBATCH -p GPU-shared
#SBATCH -t 05:00:00
#SBATCH --gpus=v100-32:4
#SBATCH -A abc123p
module load anaconda3
conda activate myenv
python -m torch.distributed.run --standalone --nproc_per_node=4 train.py --data $PROJECT/data
