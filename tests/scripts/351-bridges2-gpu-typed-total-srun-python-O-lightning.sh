#!/bin/bash
# family: Bridges-2's GPU partition with a typed total (--gpus=v100-32:8, one node), one task per GPU
# for Lightning's SLURM environment, Python asked for -O
#SBATCH -p GPU
#SBATCH -N 1
#SBATCH --gpus=v100-32:8
#SBATCH --ntasks-per-node=8
#SBATCH -t 08:00:00

module load anaconda3
conda activate lightning
srun python -O train_lightning.py --trainer.devices 8 --trainer.num_nodes 1 --data.batch_size 64
