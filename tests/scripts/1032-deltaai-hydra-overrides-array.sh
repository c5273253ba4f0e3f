#!/bin/bash
#SBATCH --account=bfzz-dtai-gh
#SBATCH --partition=ghx4
#SBATCH --nodes=1
#SBATCH --ntasks-per-node=1
#SBATCH --gpus-per-node=4
#SBATCH --time=02:00:00

OVERRIDES=(model=resnet50 optimizer.lr=0.05 data.batch_size=256 trainer.devices=4)
srun torchrun --standalone --nproc_per_node=4 main.py "${OVERRIDES[@]}"
